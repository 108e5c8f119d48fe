import QuestionKit
import Testing

@testable import QuestionKitDataset

@Suite("Hive partitions and dates")
struct HivePartitionTests {
    @Test func valuesAreEscapedAsHiveEscapesThem() {
        #expect(HivePartition.escape("Pump / Motor = 5% ?") == "Pump %2F Motor %3D 5%25 %3F")
        #expect(HivePartition.escape(#"a"b#c'd*e:f\g{h[i]j^k"#) == "a%22b%23c%27d%2Ae%3Af%5Cg%7Bh%5Bi%5Dj%5Ek")
        #expect(HivePartition.escape("tab\there\u{7F}") == "tab%09here%7F")
        #expect(HivePartition.escape("Überprüfung – Pumpe") == "Überprüfung – Pumpe")
        #expect(HivePartition(title: "A/B", revision: "3").path == "title=A%2FB/revision=3")
    }

    @Test func noValueIsHivesDefaultPartition() {
        #expect(
            HivePartition(title: nil, revision: "").path
                == "title=__HIVE_DEFAULT_PARTITION__/revision=__HIVE_DEFAULT_PARTITION__")
    }

    /// A folder name has at most 255 bytes: a long title is cut, valid UTF-8, and told apart by its hash.
    @Test func aLongValueIsCutAtACharacterAndKeptApartByItsHash() {
        let long = String(repeating: "é", count: 300)
        let other = long + "x"
        let escaped = HivePartition.escape(long)
        #expect(escaped.utf8.count <= HivePartition.maxValueBytes + 17)
        #expect(escaped.hasSuffix("~" + ContentHash.hex(ContentHash.fnv1a64(Array(long.utf8)))))
        #expect(String(validating: Array(escaped.utf8), as: UTF8.self) != nil)
        #expect(escaped.dropLast(17).allSatisfy { $0 == "é" })
        #expect(HivePartition.escape(other) != escaped)
    }

    @Test func datesAreDaysSince1970BothWays() {
        let cases: [(Int, Int, Int, Int)] = [
            (1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 2, 29, 11016), (2026, 3, 14, 20526), (1, 1, 1, -719_162),
        ]
        for (year, month, day, days) in cases {
            #expect(DatasetValue.daysSinceEpoch(year: year, month: month, day: day) == days)
            let text = CivilTime.dateText(days: days)
            #expect(text == String(format: "%04d-%02d-%02d", year, month, day))
        }
        #expect(CivilTime.timestampText(microseconds: 86_400_000_000 + 3_723_000_004) == "1970-01-02T01:02:03.000004Z")
        #expect(CivilTime.timestampText(microseconds: -1) == "1969-12-31T23:59:59.999999Z")
    }

    @Test func theManifestReadsBackWhatItWrote() throws {
        var manifest = DatasetManifest()
        let entry = DatasetManifest.Entry(
            path: "forms/a \"b\".json", size: 12, modified: 1_795_702_746_466_954_346, hash: "0123456789abcdef",
            partition: HivePartition(title: "T", revision: "1"))
        manifest.entries[entry.path] = entry
        manifest.formats = ["parquet", "ndjson"]
        let read = try #require(DatasetManifest.read(manifest.text()))
        #expect(read.entries == manifest.entries)
        #expect(read.formats == ["parquet", "ndjson"])
        // A manifest from before Parquet parts names no formats: its parts are NDJSON.
        let old = "{\"version\":1,\"forms\":[\n\n]}\n"
        #expect(DatasetManifest.read(Array(old.utf8))?.formats == ["ndjson"])
    }

    /// The original app's `Mar 8, 2026` is a day; ISO 8601 with a time is a day and an instant in UTC.
    @Test func formDatesAreADayAndAnInstantWhereThereIsATime() {
        let march8 = Int32(DatasetValue.daysSinceEpoch(year: 2026, month: 3, day: 8))
        let midnight = Int64(march8) * 86_400_000_000
        #expect(FormDate("Mar 8, 2026").values == [.date(march8), .null])
        #expect(FormDate("2026-03-08").values == [.date(march8), .null])
        #expect(FormDate("2026-03-08T09:30:00Z").values == [.date(march8), .timestamp(midnight + 34_200_000_000)])
        #expect(FormDate("2026-03-08T09:30").instant == midnight + 34_200_000_000)
        #expect(FormDate("2026-03-08T09:30:05.25+02:00").instant == midnight + 27_005_250_000)
        #expect(FormDate("2026-03-08T23:30:00-01:00").instant == midnight + 88_200_000_000)
        for text in [
            "done", "", "Feb 30, 2026", "2026-13-01", "2026-03-08T25:00", "2026-03-08Tnoon", "Mar 8 2026", nil,
        ] {
            #expect(FormDate(text).values == [.null, .null], "\(text ?? "nil")")
        }
    }

    /// The export links and removes files by a manifest's partitions: one that leads elsewhere is no manifest.
    @Test func aManifestWhosePartitionLeadsOutIsNotOne() {
        for partition in ["../../etc", "title=a/../../x", "title=a/revision=b/c", "x=a/revision=b"] {
            let text =
                #"{"version":1,"forms":["# + "\n"
                + #"{"path":"p","size":1,"modified":1,"hash":"","partition":"\#(partition)"}"# + "\n]}\n"
            #expect(DatasetManifest.read(Array(text.utf8)) == nil, "\(partition)")
        }
    }

    /// A manifest is read entry by entry, in path order as it is written: one cut short, out of
    /// order, or laid out otherwise is not one (the dataset is then exported afresh).
    @Test func aManifestCutShortOrOutOfOrderIsNotOne() {
        let header = #"{"version":1,"formats":["ndjson"],"forms":["# + "\n"
        func entry(_ path: String) -> String {
            #"{"path":"\#(path)","size":1,"modified":1,"hash":"","partition":"title=a/revision=b"}"#
        }
        #expect(DatasetManifest.read(Array((header + entry("a") + ",\n" + entry("b") + "\n]}\n").utf8)) != nil)
        #expect(DatasetManifest.read(Array((header + entry("a") + ",\n" + entry("b") + "\n").utf8)) == nil)
        #expect(DatasetManifest.read(Array((header + entry("b") + ",\n" + entry("a") + "\n]}\n").utf8)) == nil)
        #expect(DatasetManifest.read(Array((header + entry("a") + ",\n" + entry("a") + "\n]}\n").utf8)) == nil)
        #expect(DatasetManifest.read(Array((header + entry("a") + "\n]}\nmore\n").utf8)) == nil)
        #expect(DatasetManifest.read(Array(#"{"version":1,"forms":[]}"#.utf8)) == nil)
    }
}
