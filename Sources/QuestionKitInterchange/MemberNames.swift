/// Whether a member of a foreign node is carried: the walk's own few names are compared one by one (short
/// names compare as two words), and only the others are hashed into the type's set, which a set made of
/// both per node (`union`) had done for every member of every item.
enum MemberNames {
    static func contains(_ key: String, core: [String], carried: Set<String>) -> Bool {
        core.contains(key) || (!carried.isEmpty && carried.contains(key))
    }
}
