import Foundation
import QuestionKitArchive

/// The workbook container from the command line: `Benchmarks xlsx-sample FOLDER` writes sample workbooks
/// (our writer, shared and inline strings) and the cells they hold as JSON, for Scripts/check-xlsx-openpyxl.sh;
/// `Benchmarks xlsx-read FILE [--inflate-only]` reads a workbook (or only inflates its entries) and prints
/// what it found, the job that cachegrind counts for the inflater's instructions per byte.
enum XLSXBenchmark {
    static let sampleOption = "xlsx-sample"
    static let readOption = "xlsx-read"

    static let sample: [(name: String, rows: [[String]])] = [
        (
            "survey",
            [
                ["type", "name", "label", "hint", "required"],
                ["select_one yes_no", "pump_running", "Is the pump running?", "", "yes"],
                ["text", "notes", " Notes & <remarks>, \"quoted\" ", "line one\nline two", ""],
                [], ["integer", "count", "Émoji 😀 and ünïcode", "", "TRUE"],
            ]
        ),
        ("choices", [["list_name", "name", "label"], ["yes_no", "yes", "Yes"], ["yes_no", "no", "No"]]),
        ("settings", [["form_title", "form_id"], ["Pump inspection", "pump_inspection"]]),
    ]

    static func main(_ option: String, _ arguments: [String]) -> Int32 {
        do {
            switch (option, arguments.count) {
            case (sampleOption, 1): try writeSamples(to: arguments[0])
            case (readOption, 1...2):
                try read(arguments[0], inflateOnly: arguments.dropFirst().first == "--inflate-only")
            default:
                print("usage: Benchmarks \(sampleOption) FOLDER | \(readOption) FILE [--inflate-only]")
                return 64
            }
        } catch {
            print("error: \(error)")
            return 1
        }
        return 0
    }

    private static func writeSamples(to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (file, strings) in [("shared.xlsx", XLSXWriter.Strings.shared), ("inline.xlsx", .inline)] {
            try Data(XLSXWriter.write(sample, strings: strings)).write(to: URL(fileURLWithPath: folder + "/" + file))
        }
        // Each sheet's non-empty cells as [row, column, value], 1-based, as openpyxl numbers them.
        let cells = sample.map { sheet in
            [
                "name": sheet.name,
                "cells": sheet.rows.enumerated().flatMap { row, values in
                    values.enumerated().filter { !$0.element.isEmpty }.map {
                        [row + 1, $0.offset + 1, $0.element] as [Any]
                    }
                },
            ] as [String: Any]
        }
        try JSONSerialization.data(withJSONObject: cells, options: [.sortedKeys])
            .write(to: URL(fileURLWithPath: folder + "/expected.json"))
    }

    private static func read(_ path: String, inflateOnly: Bool) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        if inflateOnly {
            let archive = try ZipArchive(bytes)
            var total = 0
            for entry in archive.entries {
                total += try archive.contents(of: entry).count
            }
            print("\(archive.entries.count) entries, \(bytes.count) bytes, \(total) bytes inflated")
            return
        }
        let sheets = try XLSXReader.read(bytes)
        for sheet in sheets {
            print("\(sheet.name): \(sheet.rows.count) rows, \(sheet.rows.reduce(0) { $0 + $1.count }) cells")
        }
    }
}
