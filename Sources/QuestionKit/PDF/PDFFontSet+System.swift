extension PDFFontSet {
    /// DejaVu Sans, for Latin, Greek and Cyrillic (Debian package `fonts-dejavu-core`).
    public static let dejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// DejaVu Sans Bold (Debian package `fonts-dejavu-core`).
    public static let dejaVuSansBoldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    /// Droid Sans Fallback, for Chinese, Japanese and Korean (Debian package `fonts-droid-fallback`).
    public static let droidSansFallbackPath = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

    /// The usual fallbacks: DejaVu Sans, then Droid Sans Fallback for CJK, then `extraFontFiles`
    /// (or, with `extraFontsFirst`, those before everything, Helvetica included); DejaVu Sans Bold for bold text.
    /// A font that cannot be read is left out and reported, so that a missing font costs only its characters.
    public static func loadingFonts(
        fallbackFiles: [String] = [dejaVuSansPath, droidSansFallbackPath],
        boldFallbackFiles: [String] = [dejaVuSansBoldPath], extraFontFiles: [String] = [], extraFontsFirst: Bool = false
    ) -> (fonts: PDFFontSet, warnings: [PDFWarning]) {
        var warnings: [PDFWarning] = []
        func load(_ paths: [String]) -> [TrueTypeFont] {
            paths.compactMap { path in
                do {
                    return try TrueTypeFont(contentsOfFile: path)
                } catch {
                    warnings.append(.fontUnavailable(path: path, reason: String(describing: error)))
                    return nil
                }
            }
        }
        let extra = load(extraFontFiles)
        var fonts = PDFFontSet(fallbacks: load(fallbackFiles), boldFallbacks: load(boldFallbackFiles))
        if extraFontsFirst {
            fonts.preferred = extra
        } else {
            fonts.fallbacks += extra
        }
        return (fonts, warnings)
    }
}
