import QuestionKit

/// When printed text is coloured: `--color auto|never|always`. `auto` colours a stream that is a
/// terminal, unless `NO_COLOR` is set (https://no-color.org); a file or a pipe is never coloured.
package enum ColorChoice: String, CaseIterable, Sendable {
    case auto, never, always
}

/// How one output stream shows the words people scan for: a severity, `PASS`, `FAIL`. Without
/// colour the text is the plain text, byte for byte; with it, each word is wrapped in an ANSI
/// colour and a reset, nothing else changes.
package struct TerminalStyle: Sendable {
    package let isColored: Bool

    /// No colour: files, pipes, JSON, JUnit, tests.
    package static let plain = TerminalStyle(isColored: false)

    package init(isColored: Bool) {
        self.isColored = isColored
    }

    /// The style for a stream under `choice`: `auto` colours a terminal unless `NO_COLOR` is set.
    package init(choice: ColorChoice, isTerminal: Bool, noColor: Bool) {
        switch choice {
        case .always: isColored = true
        case .never: isColored = false
        case .auto: isColored = isTerminal && !noColor
        }
    }

    /// ANSI select-graphic-rendition codes.
    package enum Color: String, Sendable {
        case red = "\u{1B}[1;31m"
        case yellow = "\u{1B}[1;33m"
        case cyan = "\u{1B}[1;36m"
        case green = "\u{1B}[1;32m"
        static let reset = "\u{1B}[0m"
    }

    /// Errors red, warnings yellow, notes cyan, as compilers colour them.
    package static func color(of severity: Severity) -> Color {
        switch severity {
        case .error: .red
        case .warning: .yellow
        case .note: .cyan
        }
    }

    /// `text` in `color`, or `text` itself without colour.
    package func paint(_ text: String, _ color: Color) -> String {
        isColored ? color.rawValue + text + Color.reset : text
    }

    /// The severity's word (`error`), coloured as its severity.
    package func severity(_ severity: Severity) -> String {
        paint(severity.rawValue, Self.color(of: severity))
    }
}
