#!/usr/bin/env bash
# Installs what the PDF tests use, from Debian, only when something is missing: qpdf and poppler-utils
# (pdftotext, pdftoppm) to check the PDFs we write, and the fonts we embed (DejaVu Sans for Latin, Greek
# and Cyrillic; Droid Sans Fallback for CJK). Quiet when everything is there; needs root to install.
set -euo pipefail

fonts=(
    /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
    /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
    /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf
)

missing=0
for tool in qpdf pdftotext pdftoppm; do
    command -v "$tool" >/dev/null 2>&1 || missing=1
done
for font in "${fonts[@]}"; do
    [[ -f "$font" ]] || missing=1
done
[[ $missing -eq 0 ]] && exit 0

source "$(dirname "$0")/debian-packages.sh"
debian_install install-pdf-tools.sh qpdf poppler-utils fonts-dejavu-core fonts-droid-fallback
