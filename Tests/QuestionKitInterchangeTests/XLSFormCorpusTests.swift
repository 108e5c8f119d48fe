import Foundation
import QuestionKit
import QuestionKitArchive
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes
import TestSupport
import Testing

/// Every XLSForm of the shared corpus (`../shared/corpus/xlsform`: workbooks, CSV and Markdown):
/// converted without a crash, every survey row accounted for, every problem located at its cell.
struct XLSFormCorpusTests {
    static let folder = sharedFolder("corpus/xlsform")

    static let forms: [String] = {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { [".xlsx", ".xlsm", ".csv", ".md"].contains(where: $0.hasSuffix) }.sorted()
    }()

    static func bytes(_ name: String) throws -> [UInt8] {
        let folder = try #require(folder)
        return Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }

    @Test(.enabled(if: folder != nil, "../shared/corpus/xlsform is absent (a clean checkout)"))
    func theCorpusHoldsForms() {
        #expect(Self.forms.count >= 79)
    }

    @Test(.enabled(if: folder != nil, "../shared/corpus/xlsform is absent (a clean checkout)"), arguments: forms)
    func convertsWithEveryRowAccountedFor(name: String) throws {
        let bytes = try Self.bytes(name)
        #expect(InterchangeFormat.guess(bytes) == .xlsform)
        let result = XLSFormReader(registry: builtInRegistry).read(bytes)
        let rows = try Self.surveyRows(name, bytes)
        guard let rows else {
            // No survey sheet: an error of the whole file, nothing made.
            #expect(result.template == nil)
            #expect(result.diagnostics.map(\.code) == [XLSFormCode.noSurveySheet.rawValue])
            return
        }
        _ = try #require(result.template, "\(result.diagnostics.first?.message ?? "")")
        let counts = result.counts
        #expect(counts.isWhole, "\(counts)")
        #expect(counts.total == rows)
        let converted = XLSFormCheck.convert(bytes, reader: TemplateReader(registry: builtInRegistry))
        #expect(converted.template != nil)
        let workbook = !name.hasSuffix(".csv") && !name.hasSuffix(".md")
        // Only a problem of the whole template (no title, no questions) has no cell.
        for diagnostic in converted.diagnostics where !diagnostic.pointer.isEmpty {
            #expect(diagnostic.position != nil, "\(diagnostic.code): \(diagnostic.message)")
            if workbook { #expect(diagnostic.message.contains("!"), "\(diagnostic.message)") }
        }
    }

    /// The rows after the survey sheet's header holding a cell, counted apart from
    /// the reader: by QuestionKitArchive for a workbook, by line for the texts (the corpus's CSV and
    /// Markdown have no cell over two lines). Nil without a survey sheet.
    static func surveyRows(_ name: String, _ bytes: [UInt8]) throws -> Int? {
        var sheets: [(name: String, rows: [[(column: Int, value: String)]])] = []
        if name.hasSuffix(".xlsx") || name.hasSuffix(".xlsm") {
            sheets = try XLSXReader.read(bytes).map { sheet in
                (sheet.name, sheet.rows.map { $0.map { ($0.location.column, $0.value) } })
            }
        } else {
            let markdown = name.hasSuffix(".md")
            for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
                var fields: [String]
                if markdown {
                    let text = line.trimmingCharacters(in: .whitespaces)
                    guard text.hasPrefix("|"), text.hasSuffix("|"), text.count > 1,
                        !text.allSatisfy({ "|-: ".contains($0) })
                    else { continue }
                    fields = text.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                        .map(String.init)
                } else {
                    fields = []
                    var field = ""
                    var quoted = false
                    for character in line {
                        if character == "\"" {
                            quoted.toggle()
                        } else if character == ",", !quoted {
                            fields.append(field)
                            field = ""
                        } else {
                            field.append(character)
                        }
                    }
                    fields.append(field)
                }
                fields = fields.map { $0.trimmingCharacters(in: .whitespaces) }
                if let first = fields.first, !first.isEmpty { sheets.append((first, [])) }
                let cells = fields.enumerated().dropFirst().filter { !$0.element.isEmpty }.map {
                    ($0.offset, $0.element)
                }
                if !cells.isEmpty, !sheets.isEmpty { sheets[sheets.count - 1].rows.append(cells) }
            }
        }
        guard
            let survey = sheets.first(where: { $0.name.trimmingCharacters(in: .whitespaces).lowercased() == "survey" })
        else { return nil }
        return survey.rows.dropFirst().filter { row in
            row.contains { !$0.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        }.count
    }
}
