import QuestionKit

/// The methods of the Language Server Protocol that the server knows, by their names, in each
/// direction: what the client asks (each request answered), what it tells, and what the server tells.
enum Method {
    enum Request: String {
        case initialize
        case shutdown
        case completion = "textDocument/completion"
        case hover = "textDocument/hover"
        case codeAction = "textDocument/codeAction"
        case documentSymbol = "textDocument/documentSymbol"
        case definition = "textDocument/definition"
        case references = "textDocument/references"
        case prepareRename = "textDocument/prepareRename"
        case rename = "textDocument/rename"
    }

    enum ClientNotification: String {
        case initialized
        case exit
        case didOpen = "textDocument/didOpen"
        case didChange = "textDocument/didChange"
        case didClose = "textDocument/didClose"
        case cancelRequest = "$/cancelRequest"
        case setTrace = "$/setTrace"
    }

    enum ServerNotification: String, ProtocolEnumeration {
        case publishDiagnostics = "textDocument/publishDiagnostics"
        case logMessage = "window/logMessage"
    }
}

/// A value the specification enumerates, written into a message as its number or string.
protocol ProtocolEnumeration: RawRepresentable {
    var json: JSONWriter.Value { get }
}

extension ProtocolEnumeration where RawValue == Int {
    var json: JSONWriter.Value { .integer(rawValue) }
}

extension ProtocolEnumeration where RawValue == String {
    var json: JSONWriter.Value { .string(rawValue) }
}

// The specification's enumerations, with the members the server writes.

/// How the client sends a document's changes (`textDocumentSync.change`).
enum TextDocumentSyncKind: Int, ProtocolEnumeration {
    /// The whole text on open, then the edited ranges.
    case incremental = 2
}

enum CompletionItemKind: Int, ProtocolEnumeration {
    /// A key of an object.
    case property = 10
    /// A value: a question type, an option, a value a key's schema enumerates, a condition's operand.
    case value = 12
    /// A `linkId`, in a condition's `question`.
    case reference = 18
    /// A condition's operator.
    case `operator` = 24
}

enum SymbolKind: Int, ProtocolEnumeration {
    /// A question of the outline.
    case object = 19
}

enum DiagnosticSeverity: Int, ProtocolEnumeration {
    case error = 1
    case warning = 2
    case information = 3
}

/// The kind of a `window/logMessage`.
enum MessageType: Int, ProtocolEnumeration {
    case error = 1
}

enum CodeActionKind: String, ProtocolEnumeration {
    case quickFix = "quickfix"
}

/// The format of hover and completion documentation.
enum MarkupKind: String, ProtocolEnumeration {
    case markdown

    /// A `MarkupContent`: `text` in this format.
    func content(_ text: String) -> JSONWriter.Value { .object([("kind", json), ("value", .string(text))]) }
}
