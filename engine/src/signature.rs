//! An electronic signature must be ink: the image is decoded and measured, and a blank or near-blank one is refused.
//!
//! The browser blocks an empty pad, but a carrier rejects an unsigned application weeks later, so the server decides.
//! A pixel is ink when it is darker than mid-grey once laid on white paper (so a transparent background and a white
//! one read the same). A signature is refused when
//! - the image is not a PNG this module can read, or is smaller than [`MIN_WIDTH`] x [`MIN_HEIGHT`] pixels;
//! - fewer than [`MIN_INK_PER_MILLE`] per mille of its pixels are ink (blank, a dot, a smudge);
//! - its ink fits in a box narrower than [`MIN_BOX_PERCENT`] % of the image's width or lower than that share of its
//!   height (a dot, a dash, a tick: too small to be a name).
//!
//! docs/SECURITY.md states the same thresholds; a typed signature is measured the same way, on the rendered name.

use base64::Engine;

/// The smallest signature image read, in pixels (the pad is 480 x 160).
pub const MIN_WIDTH: u32 = 120;
pub const MIN_HEIGHT: u32 = 40;
/// The least share of a signature's pixels that must be ink, per mille.
pub const MIN_INK_PER_MILLE: u32 = 2;
/// The least width and height of the ink's bounding box, as a percentage of the image's width and height.
pub const MIN_BOX_PERCENT: u32 = 12;
/// The largest image decoded (its pixels), so a crafted PNG cannot make the server allocate gigabytes.
const MOST_PIXELS: u64 = 4096 * 4096;
/// A pixel laid on white at or below this brightness (of 255) is ink.
const INK_BRIGHTNESS: u32 = 160;

/// What a signature's image holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ink {
    pub width: u32,
    pub height: u32,
    /// Pixels that are ink.
    pub inked: u64,
    /// The ink's bounding box (left, top, right, bottom, inclusive), none on a blank image.
    pub bounds: Option<(u32, u32, u32, u32)>,
}

/// Why a signature was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not a PNG data URL this module can read.
    Unreadable,
    /// Smaller than the least size read.
    TooSmallImage,
    /// Too little ink, or ink in too small a box.
    TooLittleInk,
}

/// Whether a signature (a `data:image/png;base64,` URL) is ink enough to be a person's signature.
pub fn check(data_url: &str) -> Result<Ink, Refusal> {
    let encoded = data_url.strip_prefix("data:image/png;base64,").ok_or(Refusal::Unreadable)?;
    let bytes = base64::engine::general_purpose::STANDARD.decode(encoded.trim()).map_err(|_| Refusal::Unreadable)?;
    let ink = measure(&bytes).ok_or(Refusal::Unreadable)?;
    if ink.width < MIN_WIDTH || ink.height < MIN_HEIGHT {
        return Err(Refusal::TooSmallImage);
    }
    let area = u64::from(ink.width) * u64::from(ink.height);
    let enough_ink = ink.inked * 1000 >= area * u64::from(MIN_INK_PER_MILLE);
    let big_enough = ink.bounds.is_some_and(|(left, top, right, bottom)| {
        (right - left + 1) * 100 >= ink.width * MIN_BOX_PERCENT
            && (bottom - top + 1) * 100 >= ink.height * MIN_BOX_PERCENT
    });
    if enough_ink && big_enough {
        Ok(ink)
    } else {
        Err(Refusal::TooLittleInk)
    }
}

/// Decodes a PNG of any colour type and depth and measures its ink; none when it does not decode.
pub fn measure(png_bytes: &[u8]) -> Option<Ink> {
    let limits = png::Limits { bytes: (MOST_PIXELS * 4) as usize };
    let mut decoder = png::Decoder::new_with_limits(png_bytes, limits);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().ok()?;
    let (width, height) = (reader.info().width, reader.info().height);
    if u64::from(width) * u64::from(height) > MOST_PIXELS {
        return None;
    }
    let mut buffer = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buffer).ok()?;
    let (color, _) = reader.output_color_type();
    let channels = color.samples();
    let mut ink = Ink { width, height, inked: 0, bounds: None };
    for y in 0..height {
        let row = &buffer[y as usize * frame.line_size..][..frame.line_size];
        for x in 0..width {
            let pixel = &row[x as usize * channels..][..channels];
            if on_white(color, pixel) <= INK_BRIGHTNESS {
                ink.inked += 1;
                ink.bounds = Some(match ink.bounds {
                    None => (x, y, x, y),
                    Some((l, t, r, b)) => (l.min(x), t.min(y), r.max(x), b.max(y)),
                });
            }
        }
    }
    Some(ink)
}

/// A pixel's brightness (0 black to 255 white) once laid on white paper.
fn on_white(color: png::ColorType, pixel: &[u8]) -> u32 {
    let (r, g, b, a) = match (color, pixel) {
        (png::ColorType::Grayscale, [v]) => (*v, *v, *v, 255),
        (png::ColorType::GrayscaleAlpha, [v, a]) => (*v, *v, *v, *a),
        (png::ColorType::Rgb, [r, g, b]) => (*r, *g, *b, 255),
        (png::ColorType::Rgba, [r, g, b, a]) => (*r, *g, *b, *a),
        _ => return 255,
    };
    // Rec. 601 luma, then the pixel's own share over white's.
    let luma = (299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)) / 1000;
    let alpha = u32::from(a);
    (luma * alpha + 255 * (255 - alpha)) / 255
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data_url(bytes: &[u8]) -> String {
        format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes))
    }

    /// A name drawn on the store's own signature pad (signature_pad in Chromium, 480 x 160, white background).
    const DRAWN: &[u8] = include_bytes!("../../fixtures/signatures/drawn-name.png");
    /// The same pad, untouched.
    const BLANK: &[u8] = include_bytes!("../../fixtures/signatures/blank-pad.png");
    /// The same pad with one tap: a single dot.
    const DOT: &[u8] = include_bytes!("../../fixtures/signatures/single-dot.png");
    /// The same pad with one short dash.
    const DASH: &[u8] = include_bytes!("../../fixtures/signatures/short-dash.png");

    /// An RGBA image of `width` x `height`, transparent, with `ink` pixels black.
    fn drawn(width: u32, height: u32, ink: impl Fn(u32, u32) -> bool) -> Vec<u8> {
        let mut pixels = Vec::new();
        for y in 0..height {
            for x in 0..width {
                pixels.extend_from_slice(if ink(x, y) { &[0, 0, 0, 255] } else { &[0, 0, 0, 0] });
            }
        }
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.write_header().unwrap().write_image_data(&pixels).unwrap();
        out
    }

    #[test]
    fn a_name_drawn_on_the_pad_is_a_signature() {
        let ink = check(&data_url(DRAWN)).expect("a drawn name is accepted");
        assert_eq!((ink.width, ink.height), (480, 160));
        assert!(ink.inked > 1000, "{ink:?}");
    }

    #[test]
    fn a_blank_pad_a_single_dot_and_a_short_dash_are_refused() {
        assert_eq!(check(&data_url(BLANK)), Err(Refusal::TooLittleInk));
        assert_eq!(check(&data_url(DOT)), Err(Refusal::TooLittleInk));
        assert_eq!(check(&data_url(DASH)), Err(Refusal::TooLittleInk));
    }

    #[test]
    fn a_fully_transparent_image_is_blank_whatever_its_size() {
        let transparent = drawn(300, 100, |_, _| false);
        assert_eq!(measure(&transparent).unwrap().inked, 0);
        assert_eq!(check(&data_url(&transparent)), Err(Refusal::TooLittleInk));
    }

    #[test]
    fn ink_spread_over_a_name_sized_box_is_enough_on_a_transparent_background_too() {
        // A thick zigzag across most of the image.
        let zigzag =
            drawn(300, 100, |x, y| (20..280).contains(&x) && (i64::from(y) - 50 - (i64::from(x) % 60 - 30)).abs() < 2);
        assert!(check(&data_url(&zigzag)).is_ok());
        // The same share of ink packed in a corner is a blot, not a name.
        let blot = drawn(300, 100, |x, y| x < 20 && y < 20);
        assert_eq!(check(&data_url(&blot)), Err(Refusal::TooLittleInk));
        // A line across the width has no height.
        let line = drawn(300, 100, |_, y| y == 50 || y == 51);
        assert_eq!(check(&data_url(&line)), Err(Refusal::TooLittleInk));
    }

    #[test]
    fn a_one_pixel_image_or_something_that_is_not_a_png_is_refused() {
        let pixel = drawn(1, 1, |_, _| true);
        assert_eq!(check(&data_url(&pixel)), Err(Refusal::TooSmallImage));
        assert_eq!(check("data:image/png;base64,aGVsbG8="), Err(Refusal::Unreadable));
        assert_eq!(check("data:image/png;base64,%%%"), Err(Refusal::Unreadable));
        assert_eq!(check("data:image/jpeg;base64,aGVsbG8="), Err(Refusal::Unreadable));
    }
}
