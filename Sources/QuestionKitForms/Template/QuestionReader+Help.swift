import QuestionKit

extension QuestionReader {
    /// Reads `helpInfo`: `{"text": String, "images": [{"imageText": String, "image": base64}]}`.
    func readHelp(_ question: QuestionJSON, problems: inout ProblemCollector) -> QuestionHelp? {
        guard let node = question[.helpInfo], !node.isNull else { return nil }
        let helpKey = keys.spelling(of: .helpInfo)
        guard node.kind == .object else {
            problems.error(
                "question.help-not-object", "'\(helpKey)' must be an object, not \(node.kind)", at: node,
                hint: "Write \"\(helpKey)\": {\"\(keys.spelling(of: .helpText))\": \"…\"}.")
            return nil
        }
        checkHelpKeys(node, known: [.helpText, .helpImages], problems: &problems)
        var help = QuestionHelp(text: "", images: [])
        if let textNode = node[keys.spelling(of: .helpText)] {
            if let text = textNode.stringValue {
                help.text = text
            } else {
                problems.error(
                    "question.help-text-not-string",
                    "'\(keys.spelling(of: .helpText))' must be a string, not \(textNode.kind)", at: textNode)
            }
        }
        if let imagesNode = node[keys.spelling(of: .helpImages)] {
            help.images = readHelpImages(imagesNode, problems: &problems)
        }
        return help
    }

    private func readHelpImages(_ node: JSONNode, problems: inout ProblemCollector) -> [QuestionHelp.Image] {
        guard node.kind == .array else {
            problems.error(
                "question.help-images-not-array",
                "'\(keys.spelling(of: .helpImages))' must be an array, not \(node.kind)", at: node)
            return []
        }
        var images: [QuestionHelp.Image] = []
        for element in node.elements {
            guard element.kind == .object else {
                problems.error(
                    "question.help-image-not-object", "a help image must be an object, not \(element.kind)",
                    at: element,
                    hint: "Write {\"\(keys.spelling(of: .helpImageText))\": \"…\", "
                        + "\"\(keys.spelling(of: .helpImage))\": \"<base64>\"}.")
                continue
            }
            checkHelpKeys(element, known: [.helpImageText, .helpImage], problems: &problems)
            let caption = element[keys.spelling(of: .helpImageText)]?.stringValue ?? ""
            guard let imageNode = element[keys.spelling(of: .helpImage)], let base64 = imageNode.stringValue else {
                problems.error(
                    "question.help-image-missing",
                    "a help image needs '\(keys.spelling(of: .helpImage))' as a base64 string", at: element)
                continue
            }
            if !Self.looksLikeBase64(base64) {
                problems.warning(
                    "question.help-image-not-base64", "the help image is not valid base64", at: imageNode,
                    hint: "Encode the image file with base64 (A–Z, a–z, 0–9, '+', '/', '=' padding).")
            }
            images.append(QuestionHelp.Image(text: caption, base64: base64))
        }
        return images
    }

    private func checkHelpKeys(_ node: JSONNode, known: [Key], problems: inout ProblemCollector) {
        let spellings = known.map { keys.spelling(of: $0) }
        for member in node.members where !spellings.contains(member.key) {
            problems.warnUnknownKey(
                member, code: QuestionCode.unknownKey.rawValue, in: "'\(keys.spelling(of: .helpInfo))'",
                known: spellings)
        }
    }

    /// Base64 alphabet with optional padding, ignoring line breaks (some encoders wrap lines).
    static func looksLikeBase64(_ text: String) -> Bool {
        var significant = 0
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                if padding > 0 { return false }
                significant += 1
            case UInt8(ascii: "="):
                padding += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            default:
                return false
            }
        }
        return significant > 0 && padding <= 2 && (significant + padding) % 4 == 0
    }
}
