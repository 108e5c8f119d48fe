import QuestionKit

/// Names the media of a form being filled `Qid<i>`, `Qid<i>(2)`, …: one counter per question shared
/// by all kinds, counting its saved media and those of the unsaved draft; a name already taken (in a
/// loaded form) is skipped; names are compared exactly (`Qid10` never counts towards `Qid1`).
///
/// Each name costs constant time on average, however the walk goes back and forth: the saved names
/// of a question are hashed once and then kept up to date, the draft's names are kept apart (so
/// that discarding them costs nothing), and the counter only moves forward. Counting again from
/// "names taken + 1" for every attachment would give the same names: every count between that and
/// the last name given is taken.
struct MediaNamer: Sendable {
    /// The saved names of a question, and where its counter stands.
    private struct Saved {
        var taken: Set<String>
        var next: Int
    }

    /// By position in the template, the questions that have been given media in this session.
    private var saved: [Int: Saved] = [:]
    /// The names given to the draft of the question shown since it was last shown or saved.
    private var added: Set<String> = []
    /// Where the draft's counter stands; nil before its first name.
    private var cursor: Int?

    /// The next free name for the question at `position` (0-based `questionIndex`), whose saved
    /// media are `savedMedia`; it is taken by the draft.
    mutating func nextName(position: Int, questionIndex: Int, savedMedia: [MediaAttachment]) -> String {
        let names: Saved
        // Names hashed and tried: constant on average, however many media the question has.
        var work = 1
        if let known = saved[position] {
            names = known
        } else {
            names = Saved(taken: Set(savedMedia.map(\.name)), next: 0)
            saved[position] = names
            work += savedMedia.count
        }
        var count = max(cursor ?? names.next, names.taken.count + added.count + 1)
        var name = MediaAttachment.name(questionIndex: questionIndex, count: count)
        while names.taken.contains(name) || added.contains(name) {
            count += 1
            work += 1
            name = MediaAttachment.name(questionIndex: questionIndex, count: count)
        }
        added.insert(name)
        cursor = count + 1
        WorkCounter.add(work, to: .mediaNames)
        return name
    }

    /// The draft of the question at `position` was saved: its names are taken for good.
    mutating func saveDraft(position: Int) {
        if let cursor, !added.isEmpty {
            WorkCounter.add(added.count, to: .mediaNames)
            saved[position]?.taken.formUnion(added)
            saved[position]?.next = cursor
        }
        discardDraft()
    }

    /// The draft was dropped (another question shown, Back): its names are free again.
    mutating func discardDraft() {
        added = []
        cursor = nil
    }
}
