import Testing

@testable import QuestionKitFiles

@Suite("Path text")
struct PathTextTests {
    // One-character paths are the case Foundation's NSString path methods trap on, on Linux.
    @Test(arguments: [
        ("a", "."), ("-", "."), ("/", "/"), ("/a", "/"), ("a/b", "a"), ("a/b/", "a"), ("a//b", "a"),
        ("/x/y/z.json", "/x/y"), ("./a", "."), ("", "."),
    ])
    func parentOfPath(path: String, expected: String) {
        #expect(PathText.parent(of: path) == expected)
    }

    @Test(arguments: [("a", "a"), ("a/b.json", "b.json"), ("a/b/", "b"), ("/", "/"), ("", "")])
    func lastComponentOfPath(path: String, expected: String) {
        #expect(PathText.lastComponent(of: path) == expected)
    }

    @Test(arguments: [
        ("/src/QuestionKit", "/src/gauge-kit", "../QuestionKit"), ("/src/a/b", "/src", "a/b"),
        ("/src", "/src/a/b", "../.."), ("/src", "/src/", "."), ("/work/QK", "/tmp/x/kit", "../../../work/QK"),
        ("/src/./QK/", "/src/x/../kit", "../QK"), ("/", "/a", ".."),
    ])
    func relativePathsAreReadLexically(target: String, folder: String, expected: String) {
        #expect(PathText.relative(target, from: folder) == expected)
    }

    @Test(arguments: [
        ("Templates/fixtures/../pump-inspection.json", "Templates/pump-inspection.json"),
        ("./a//b/./c", "a/b/c"), ("../a", "../a"), ("a/../../b", "../b"), ("/a/../../b", "/b"), ("a/..", "."),
        ("/", "/"), ("/x/y/../z.json", "/x/z.json"), ("../../a/../b", "../../b"),
    ])
    func normalizedPath(path: String, expected: String) {
        #expect(PathText.normalized(path) == expected)
    }

    @Test func extensionsAreTheTextAfterTheLastDotOfTheName() {
        #expect(PathText.deletingExtension(of: "pump.json") == "pump")
        #expect(PathText.deletingExtension(of: "a.b.c") == "a.b")
        #expect(PathText.deletingExtension(of: ".hidden") == ".hidden")
        #expect(PathText.deletingExtension(of: "a") == "a")
        #expect(PathText.pathExtension(of: "photo.JPG") == "JPG")
        #expect(PathText.pathExtension(of: "dir.d/photo") == "")
        #expect(PathText.pathExtension(of: ".profile") == "")
    }

    @Test func relativePathsAreReadFromTheirFolder() {
        #expect(PathText.resolve("t.json", from: ".") == "t.json")
        #expect(PathText.resolve("t.json", from: "fixtures") == "fixtures/t.json")
        #expect(PathText.resolve("t.json", from: "/") == "/t.json")
        #expect(PathText.resolve("/abs/t.json", from: "fixtures") == "/abs/t.json")
    }
}
