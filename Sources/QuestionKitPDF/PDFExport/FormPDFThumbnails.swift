import QuestionKit
import QuestionKitForms

/// The photos of a question as thumbnails, as the original printed them: 96 × 72 pt each, side by
/// side, each with its name under it.
extension FormPDFComposer {
    static let thumbnailWidth = 96.0
    static let thumbnailHeight = 72.0
    static let thumbnailGap = 10.0

    /// Rows of thumbnails of the photos among `media` whose image is in `photos`, and the media
    /// shown by name instead (videos, voice notes, photos that could not be read).
    func thumbnails(_ media: [MediaAttachment], x: Double, width: Double) -> (
        units: [LayoutUnit], unshown: [MediaAttachment]
    ) {
        var shown: [(name: String, image: PDFImage)] = []
        var unshown: [MediaAttachment] = []
        for attachment in media {
            if attachment.kind == .image, let image = photos[attachment.name] {
                shown.append((attachment.name, image))
            } else {
                unshown.append(attachment)
            }
        }
        let perRow = max(1, Int((width + Self.thumbnailGap) / (Self.thumbnailWidth + Self.thumbnailGap)))
        let units = stride(from: 0, to: shown.count, by: perRow).map { start in
            thumbnailRow(Array(shown[start..<min(start + perRow, shown.count)]), x: x)
        }
        return (units, unshown)
    }

    private func thumbnailRow(_ photos: [(name: String, image: PDFImage)], x: Double) -> LayoutUnit {
        let caption = FormPDFStyle.note.with(color: FormPDFStyle.mark)
        let setter = self.setter
        let height = Self.thumbnailHeight + 3 + caption.lineHeight + 4
        return LayoutUnit(height: height) { page, top in
            for (index, photo) in photos.enumerated() {
                let left = x + Double(index) * (Self.thumbnailWidth + Self.thumbnailGap)
                let box = PDFRect(x: left, y: top, width: Self.thumbnailWidth, height: Self.thumbnailHeight)
                page.fillRectangle(box, color: FormPDFStyle.headingBand)
                page.drawImage(photo.image, in: photo.image.fitted(in: box))
                page.strokeRectangle(box, lineWidth: 0.5, color: FormPDFStyle.boxRule)
                let name = setter.truncated(photo.name, style: caption, width: Self.thumbnailWidth)
                page.drawText(
                    name, at: PDFPoint(x: left, y: top + Self.thumbnailHeight + 3 + caption.baselineOffset),
                    font: caption.font, size: caption.size, color: caption.color)
            }
        }
    }
}
