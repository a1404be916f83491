//! A QR code of an invitation or answer, drawn as one SVG path so a phone's camera can pick it up from the screen.

use leptos::prelude::*;
use qrcode::{EcLevel, QrCode};

/// The code's width in modules and a path with one unit square per dark module; `None` if the text is too long
/// for a QR code.
pub fn qr_path(text: &str) -> Option<(usize, String)> {
    let code = QrCode::with_error_correction_level(text, EcLevel::L).ok()?;
    let width = code.width();
    let path = code
        .to_colors()
        .iter()
        .enumerate()
        .filter(|(_, color)| **color == qrcode::Color::Dark)
        .map(|(index, _)| format!("M{} {}h1v1h-1z", index % width, index / width))
        .collect();
    Some((width, path))
}

#[component]
pub fn QrImage(text: String, label: &'static str) -> impl IntoView {
    qr_path(&text).map(|(width, path)| {
        // Four modules of quiet zone around the code, as scanners expect.
        let view_box = format!("-4 -4 {0} {0}", width + 8);
        view! {
            <svg class="code-qr" viewBox=view_box role="img" aria-label=format!("QR code of the {}", label.to_lowercase())>
                <path d=path fill="#000" />
            </svg>
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invitation_link_fits_a_small_code() {
        let link = format!("https://example.github.io/reversi/#join={}", "A".repeat(140));
        let (width, path) = qr_path(&link).unwrap();
        assert!(width <= 49, "version 8 or below: {width} modules");
        assert!(path.starts_with("M0 0h1v1h-1z"), "the top-left finder pattern is dark");
        assert!(qr_path(&"x".repeat(5000)).is_none(), "too long for any QR code");
    }
}
