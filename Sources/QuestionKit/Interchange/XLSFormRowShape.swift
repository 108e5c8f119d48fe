/// A question as an XLSForm `survey` row: its `type`, the columns its type owns and, for a select, its
/// choice list. The writer adds `name`, `label`, `hint`, `relevant` and the list's name.
public struct XLSFormRowShape: Sendable {
    /// The row's `type` without a list name (`select_one`, `select_multiple`, `text`, `integer`,
    /// `decimal`, `date` …); the writer appends the list's name to a type with a choice list.
    public var type: String
    /// Columns besides `type`, `name`, `label`, `hint` and `relevant` (`constraint`,
    /// `constraint_message`, `appearance` …), in order.
    public var columns: [(String, String)]
    /// The choice list of a select, or nil.
    public var choices: ChoiceList?

    /// A row of `type` with `columns` and, for a select, `choices`.
    public init(type: String, columns: [(String, String)] = [], choices: ChoiceList? = nil) {
        self.type = type
        self.columns = columns
        self.choices = choices
    }

    /// One row of the `choices` sheet: the `name` a form stores and compares, the `label` people see.
    public struct Choice: Sendable, Hashable {
        /// The stored value: a valid XML name, unique in its list.
        public var name: String
        /// The text shown.
        public var label: String

        /// A choice named `name` showing `label`.
        public init(name: String, label: String) {
            self.name = name
            self.label = label
        }
    }

    /// The choices of a select.
    public struct ChoiceList: Sendable, Hashable {
        /// The name of a list several questions share (the yes/no list), or nil for a list of the
        /// question's own, which the writer names after the question.
        public var sharedName: String?
        /// The choices, in order.
        public var choices: [Choice]

        /// A list of `choices`, shared by the name `sharedName` when given.
        public init(sharedName: String? = nil, choices: [Choice]) {
            self.sharedName = sharedName
            self.choices = choices
        }

        /// A list of the question's own, one choice per label, named by `XLSFormRowShape.names(for:)`.
        public init(labels: [String]) {
            // Made at their count in one loop: zipped and mapped, the choices' array grew as it was filled.
            let names = XLSFormRowShape.names(for: labels)
            var choices: [Choice] = []
            choices.reserveCapacity(labels.count)
            for index in labels.indices { choices.append(Choice(name: names[index], label: labels[index])) }
            self.init(choices: choices)
        }

        /// The list a yes/no question (true/false) shares: `yes` and `no`. A condition whose operand is a
        /// boolean compares with these names.
        public static let yesNo = ChoiceList(
            sharedName: "yes_no", choices: [Choice(name: "yes", label: "Yes"), Choice(name: "no", label: "No")])
    }

    /// Choice names made of `labels`, one each, in order: stable (the same labels give the same names),
    /// valid XML names (ASCII letters, digits and `_`, not starting with a digit), lowercase, at most 32
    /// characters, unique in the list (a repeated name gets `_2`, `_3` …). A label with no ASCII letter
    /// or digit is named by its place (`option_3`).
    public static func names(for labels: [String]) -> [String] {
        // A list is most often a few choices: each name is compared with the names before it, where a Set
        // made for every list and a hash of every name cost more than making the names.
        guard labels.count > 16 else {
            var names: [String] = []
            names.reserveCapacity(labels.count)
            for (index, label) in labels.enumerated() {
                names.append(unique(xmlName(of: label) ?? "option_\(index + 1)", isUsed: { names.contains($0) }))
            }
            return names
        }
        var used = Set<String>(minimumCapacity: labels.count)
        return labels.enumerated().map { index, label in
            let base = xmlName(of: label) ?? "option_\(index + 1)"
            return unique(base, in: &used)
        }
    }

    /// `text` as a valid XML name: its ASCII letters and digits lowercased, every run of anything else one
    /// `_`, none at either end, `_` before a leading digit, cut to 32 characters; nil when nothing is left.
    public static func xmlName(of text: String, maximumLength: Int = 32) -> String? {
        // Bytes into a buffer on the stack, made into a String once: appended to a String one by one, a
        // name cost thousands of instructions, and to an array, its allocation and growth most of the rest.
        // Each byte looked at adds at most two to the name, and the name stops at `maximumLength` or more.
        let capacity = max(maximumLength, 1) + 2
        var text = text
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { name -> String? in
                var count = 0
                var pendingSeparator = false
                for byte in bytes {
                    let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    guard isLetter || isDigit else {
                        pendingSeparator = count > 0
                        continue
                    }
                    if pendingSeparator || (count == 0 && isDigit) {
                        name[count] = UInt8(ascii: "_")
                        count += 1
                    }
                    pendingSeparator = false
                    name[count] = isLetter ? byte | 0x20 : byte
                    count += 1
                    if count >= maximumLength { break }
                }
                return count == 0 ? nil : String(decoding: UnsafeBufferPointer(rebasing: name[..<count]), as: UTF8.self)
            }
        }
    }

    /// `parts` one after another, their bytes put together on the stack and made a String once: an
    /// interpolation grows its String a piece at a time, which for the texts of a 100,000-question form's
    /// rows cost more than their cells' XML (and `String(unsafeUninitializedCapacity:)` about as much).
    package static func joined(_ parts: String...) -> String {
        var count = 0
        for part in parts { count += part.utf8.count }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            var written = 0
            for part in parts {
                written += UnsafeMutableBufferPointer(rebasing: buffer[written...]).initialize(
                    fromContentsOf: part.utf8)
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<written]), as: UTF8.self)
        }
    }

    /// `base`, or `base_2`, `base_3` … the first not in `used`, which it joins.
    public static func unique(_ base: String, in used: inout Set<String>) -> String {
        unique(base) { !used.insert($0).inserted }
    }

    /// `base`, or `base_2`, `base_3` … the first for which `isUsed` is false.
    private static func unique(_ base: String, isUsed: (String) -> Bool) -> String {
        var name = base
        var suffix = 1
        while isUsed(name) {
            suffix += 1
            name = "\(base)_\(suffix)"
        }
        return name
    }
}
