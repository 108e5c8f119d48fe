import Foundation
import QuestionKit

/// Reads a property list of any format into a ``PropertyListValue`` tree, for the key map and the store
/// configuration.
///
/// A binary property list is read by our own ``BinaryPropertyList``: Foundation's reader crashes on
/// hostile binary files (a set, a cycle). XML and old-style property lists go through Foundation, whose
/// text parsers the fuzzer (`Fuzz/run-fuzz.sh plist`) has found safe, and nesting deeper than `maxDepth`
/// is refused when turning its objects into values; an old-style entry without its `;` is refused before
/// Foundation sees it (``PropertyListOldStyleCheck``: Foundation prints a line for it). A key twice in one
/// dictionary is refused in the binary and XML formats (see ``PropertyListXMLKeys``); old-style property lists are not checked.
package enum PropertyListReader {
    /// The deepest nesting read, as for JSON.
    package static let defaultMaxDepth = 512

    /// The value of the property list in `bytes`; nil when they are not a property list at all (the
    /// caller says what it expected), an error when they are a broken binary one or nest too deep.
    package static func read(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth)
        -> Result<PropertyListValue, PropertyListError>?
    {
        if BinaryPropertyList.isBinary(bytes) {
            do {
                return .success(try BinaryPropertyList.read(bytes, maxDepth: maxDepth))
            } catch {
                return .failure(error)
            }
        }
        // Foundation would refuse this too, but also print a line of its own to standard error.
        if PropertyListOldStyleCheck.logsMissingSemicolon(bytes) { return nil }
        var format = PropertyListSerialization.PropertyListFormat.xml
        guard let object = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        else { return nil }
        // Foundation keeps the last of two equal keys silently; refused as in a binary property list.
        if format == .xml, let duplicate = PropertyListXMLKeys.firstDuplicate(in: bytes) { return .failure(duplicate) }
        var converter = FoundationValues(maxDepth: maxDepth)
        do {
            return .success(try converter.value(of: object, depth: 0))
        } catch {
            return .failure(error)
        }
    }
}

/// Foundation's property-list objects as values. Foundation keeps no dictionary order, so keys are sorted.
private struct FoundationValues {
    let maxDepth: Int
    /// The path to the current value, as pointer tokens.
    var path: [String] = []

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    mutating func value(of object: Any, depth: Int) throws(PropertyListError) -> PropertyListValue {
        if let text = object as? String { return .string(text) }
        // Checked before NSNumber: a Foundation boolean is a Bool, and the integer 1 also casts to Bool.
        if type(of: object) == Bool.self, let flag = object as? Bool { return .boolean(flag) }
        if let number = object as? NSNumber { return .number(number.doubleValue) }
        if let date = object as? Date { return .date(date.timeIntervalSinceReferenceDate) }
        if let data = object as? Data { return .data(count: data.count) }
        guard depth < maxDepth else { throw failure("the property list is nested more than \(maxDepth) deep") }
        if let list = object as? [Any] {
            var elements: [PropertyListValue] = []
            for (index, element) in list.enumerated() {
                path.append(String(index))
                elements.append(try value(of: element, depth: depth + 1))
                path.removeLast()
            }
            return .array(elements)
        }
        if let dictionary = object as? [AnyHashable: Any] {
            var members: [PropertyListValue.Member] = []
            for (key, element) in dictionary {
                guard let key = key.base as? String else { throw failure("a dictionary key is not a string") }
                path.append(JSONPointer.escape(key))
                members.append(PropertyListValue.Member(key: key, value: try value(of: element, depth: depth + 1)))
                path.removeLast()
            }
            return .dictionary(members.sorted { $0.key < $1.key })
        }
        throw failure("a value of type \(type(of: object)) is not one a property list may hold")
    }

    private func failure(_ reason: String) -> PropertyListError {
        PropertyListError(pointer: path.map { "/" + $0 }.joined(), reason: reason)
    }
}
