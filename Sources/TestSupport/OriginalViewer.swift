import Foundation

/// A stand-in of the original system's web viewer: it opens a completed form the way that viewer
/// did (MI-FORMAT, "Answers" and "Completed form"), with Foundation's parser and none of ours,
/// and fails where the viewer would have failed.
///
/// The viewer read without checking: `user-answer.check-boxes[0]` of a true/false or
/// multiple-choice question, `user-answer.short-answer`, `user-answer.table-answer`,
/// `user-answer.comment`, the top level's `questions` (never an early template's `Questions`: the
/// server read `questions` only), `username`, `completedDate`, `foremanComment.comment` and
/// `.supervisor`, and `media.images`, `media.videos` and `media.voice` (maps of name to base64).
/// A key missing or of another kind is what broke it; an empty list is not (`[][0]` is nothing in
/// the viewer's JavaScript).
public enum OriginalViewer {
    /// One question as the viewer showed it.
    public struct Question: Equatable, Sendable {
        /// The question text.
        public var text: String
        /// What the viewer showed as the answer: the first chosen option, the typed text, or the
        /// filled cells as "r,c=value" joined by "; "; "" when there is none.
        public var answer: String
        /// The comment.
        public var comment: String
    }

    /// The form as the viewer showed it.
    public struct Page: Equatable, Sendable {
        /// The technician (`username`).
        public var technician: String
        /// The questions, in order.
        public var questions: [Question]
        /// The embedded photos (`media.images`): base64 by name.
        public var images: [String: String]
        /// The embedded videos (`media.videos`): base64 by name.
        public var videos: [String: String] = [:]
        /// The embedded voice notes (`media.voice`): base64 by name.
        public var voice: [String: String] = [:]
        /// The names of the embedded photos, sorted.
        public var imageNames: [String] { images.keys.sorted() }
    }

    /// Where the viewer broke: the path it was reading (`questions[2].user-answer.check-boxes`).
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// The path of the value that was missing or of another kind.
        public var path: String
        public var description: String { "the original viewer cannot read \(path)" }
    }

    /// Opens the completed form in `data`.
    public static func open(_ data: Data) throws -> Page {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(path: "the top level")
        }
        let foreman: [String: Any] = try value(root["foremanComment"], "foremanComment")
        let _: String = try value(foreman["comment"], "foremanComment.comment")
        let _: String = try value(foreman["supervisor"], "foremanComment.supervisor")
        let _: String = try value(root["completedDate"], "completedDate")
        let media: [String: Any] = try value(root["media"], "media")
        var embedded: [String: [String: String]] = [:]
        for kind in ["images", "videos", "voice"] {
            embedded[kind] = try value(media[kind], "media.\(kind)")
        }
        // The server read `questions` only: a form that kept an early template's `Questions` failed.
        let list: [[String: Any]] = try value(root["questions"], "questions")
        let questions = try list.enumerated().map { index, question in
            try read(question, path: "questions[\(index)]")
        }
        return Page(
            technician: try value(root["username"], "username"), questions: questions,
            images: embedded["images"] ?? [:], videos: embedded["videos"] ?? [:], voice: embedded["voice"] ?? [:])
    }

    private static func read(_ question: [String: Any], path: String) throws -> Question {
        let answer: [String: Any] = try value(question["user-answer"], path + ".user-answer")
        let comment: String = try value(answer["comment"], path + ".user-answer.comment")
        let text = question["question"] as? String ?? ""
        // The server added `answer-type` to the web editor's questions of qid "1" and "2".
        let legacy = ["1": "short-answer", "2": "true/false"][question["qid"] as? String ?? ""]
        let type = question["answer-type"] as? String ?? legacy ?? ""
        let keyPath = path + ".user-answer." + answerKey(of: type)
        switch type {
        case "true/false", "multiple-choice":
            let chosen: [Any] = try value(answer["check-boxes"], keyPath)
            return Question(text: text, answer: chosen.first.map { "\($0)" } ?? "", comment: comment)
        case "table-answer":
            let cells: [String: Any] = try value(answer["table-answer"], keyPath)
            let shown = cells.keys.sorted().map { "\($0)=\(cells[$0] ?? "")" }.joined(separator: "; ")
            return Question(text: text, answer: shown, comment: comment)
        default:
            return Question(text: text, answer: try value(answer["short-answer"], keyPath), comment: comment)
        }
    }

    private static func answerKey(of type: String) -> String {
        switch type {
        case "true/false", "multiple-choice": "check-boxes"
        case "table-answer": "table-answer"
        default: "short-answer"
        }
    }

    private static func value<T>(_ value: Any?, _ path: String) throws -> T {
        guard let typed = value as? T else { throw Failure(path: path) }
        return typed
    }
}
