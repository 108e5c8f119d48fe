// libFuzzer entry point for photos and logos as the printed form embeds them: `PDFImage.read` of any
// bytes either throws a PDFImageError or gives an image that is drawn and written into a PDF.
// Compiled by Fuzz/run-fuzz.sh into one module with the PDF writer's sources. Trapping is the point
// here: every check that fails is a bug the fuzzer has found.

/// Reads one input as a JPEG or PNG file and, when it reads, prints it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard let image = try? PDFImage.read(bytes) else { return 0 }
    require(image.width > 0 && image.height > 0, "an image of \(image.width) × \(image.height)")
    require(image.data.count <= bytes.count, "more data than the file")
    var page = PDFPage()
    let box = image.fitted(in: PDFRect(x: 10, y: 10, width: 96, height: 72))
    require(box.width <= 96.001 && box.height <= 72.001, "a thumbnail larger than its box")
    page.drawImage(image, in: box)
    page.drawImage(image, in: box)
    var document = PDFDocument()
    document.append(page)
    do {
        let pdf = String(decoding: try document.write(), as: UTF8.self)
        require(pdf.components(separatedBy: "/Subtype /Image").count == 2, "the image is not written once")
    } catch {
        require(false, "an image that reads failed to print: \(error)")
    }
    return 0
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}
