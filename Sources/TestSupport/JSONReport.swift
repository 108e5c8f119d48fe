import Foundation

/// Reads the JSON envelope `validate --format json` and `test --format json` print:
/// `{"files": [{"file", "diagnostics": [...], ...}], "summary": {...}}`.
public enum JSONReport {
    /// Every diagnostic of every file, in order; nil when `text` is not such an envelope.
    public static func diagnostics(_ text: String) -> [[String: Any]]? {
        files(text).map { $0.flatMap { ($0["diagnostics"] as? [[String: Any]]) ?? [] } }
    }

    /// The objects of `files`; nil when `text` is not such an envelope.
    public static func files(_ text: String) -> [[String: Any]]? {
        envelope(text)?["files"] as? [[String: Any]]
    }

    /// The envelope itself; nil when `text` is not a JSON object.
    public static func envelope(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }
}
