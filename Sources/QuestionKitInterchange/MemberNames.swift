import QuestionKit

/// Whether a member of a foreign node is carried: the walk's own few names are compared with the key's
/// bytes where they lie (no String made of every key of every item), and only the others are hashed into
/// the type's set, which a set made of both per node (`union`) had done for every member of every item.
/// The walks' names are ASCII letters other than K, so bytes compare them as String's `==` does.
enum MemberNames {
    static func contains(_ member: JSONMember, core: JSONKeySpellings, carried: Set<String>) -> Bool {
        core.contains(member.keyNode) || (!carried.isEmpty && carried.contains(member.key))
    }
}
