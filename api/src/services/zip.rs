//! US ZIP codes (city and state, and each code's position) from `fixtures/zip/us-zip-codes.tsv`: a compact copy of
//! the `zipcodes` crate's directory of about 42,000 codes, kept in the repository and checked against the crate by a
//! test. The crate's own copy, parsed, keeps some 87 MB resident for the server's whole life; this one a few.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::Context;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZipInfo {
    pub zip_code: String,
    pub city: String,
    pub state: String,
    /// Other names USPS accepts for the ZIP's city.
    pub acceptable_cities: Vec<String>,
}

impl ZipInfo {
    /// Whether `city` is a name USPS accepts for this ZIP code (case and spacing aside).
    pub fn accepts_city(&self, city: &str) -> bool {
        let wanted = city.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        std::iter::once(&self.city).chain(&self.acceptable_cities).any(|c| c.to_lowercase() == wanted)
    }
}

/// The directory, loaded once.
struct Directory {
    by_zip: HashMap<String, ZipInfo>,
    /// Every active street-delivery code's position (degrees), for the nearest-ZIP search: PO box and single-building
    /// codes are where people collect mail, not where they live, so a position never resolves to one.
    positions: Vec<(f32, f32, u32)>,
    /// The codes of `positions`, by their index there.
    codes: Vec<String>,
}

/// Where the directory file is; the repository's own when the server did not say (unit tests).
static FILE: OnceLock<PathBuf> = OnceLock::new();
static DIRECTORY: OnceLock<Directory> = OnceLock::new();

/// The file under a fixtures directory.
pub fn file_in(fixtures_dir: &Path) -> PathBuf {
    fixtures_dir.join("zip/us-zip-codes.tsv")
}

fn parse(text: &str) -> anyhow::Result<Directory> {
    let mut by_zip = HashMap::new();
    let (mut positions, mut codes) = (Vec::new(), Vec::new());
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [zip, kind, active, state, city, lat, lon, acceptable] = fields[..] else {
            anyhow::bail!("line {}: eight tab-separated fields are expected", n + 1);
        };
        let info = ZipInfo {
            zip_code: zip.to_string(),
            city: city.to_string(),
            state: state.to_string(),
            acceptable_cities: acceptable.split(';').filter(|c| !c.is_empty()).map(str::to_string).collect(),
        };
        if active == "1" && kind == "STANDARD" {
            if let (Ok(lat), Ok(lon)) = (lat.parse::<f32>(), lon.parse::<f32>()) {
                positions.push((lat, lon, codes.len() as u32));
                codes.push(zip.to_string());
            }
        }
        by_zip.insert(zip.to_string(), info);
    }
    Ok(Directory { by_zip, positions, codes })
}

/// Loads the directory from `file` (at start, so that a missing or damaged file stops the server with a reason).
pub fn load(file: &Path) -> anyhow::Result<()> {
    let _ = FILE.set(file.to_path_buf());
    if DIRECTORY.get().is_none() {
        let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
        let directory = parse(&text).with_context(|| format!("{} is not a ZIP code directory", file.display()))?;
        let _ = DIRECTORY.set(directory);
    }
    Ok(())
}

fn directory() -> &'static Directory {
    DIRECTORY.get_or_init(|| {
        let file =
            FILE.get().cloned().unwrap_or_else(|| file_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")));
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
    })
}

/// The ZIP code nearest a position (a browser's geolocation): great-circle distance to each ZIP's centre, over the
/// whole directory (well under a millisecond). `None` off the map or more than 100 km from any.
pub fn nearest(latitude: f64, longitude: f64) -> Option<&'static ZipInfo> {
    if !(-90.0..=90.0).contains(&latitude) || !(-180.0..=180.0).contains(&longitude) {
        return None;
    }
    let distance = |lat: f64, lon: f64| {
        let (p1, p2) = (latitude.to_radians(), lat.to_radians());
        let (dp, dl) = ((lat - latitude).to_radians(), (lon - longitude).to_radians());
        let a = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
        2.0 * 6371.0 * a.sqrt().asin()
    };
    let dir = directory();
    let (km, at) = dir
        .positions
        .iter()
        .map(|(lat, lon, at)| (distance(f64::from(*lat), f64::from(*lon)), *at))
        .min_by(|a, b| a.0.total_cmp(&b.0))?;
    (km <= 100.0).then(|| lookup(&dir.codes[at as usize])).flatten()
}

pub fn lookup(zip: &str) -> Option<&'static ZipInfo> {
    directory().by_zip.get(zip)
}

#[cfg(test)]
fn title_case(text: &str) -> String {
    text.split(' ')
        .map(|w| {
            let mut chars = w.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars.flat_map(char::to_lowercase)).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The directory as the `zipcodes` crate has it, in the shipped file's form (sorted by code).
    fn from_the_crate() -> String {
        let mut zips = zipcodes::list_all();
        zips.sort_by(|a, b| a.zip_code.cmp(&b.zip_code));
        let mut text = String::from(
            "# US ZIP codes: code, type, active, state, city, latitude, longitude, other accepted city names (;).\n\
             # Generated from the zipcodes crate: UPDATE_ZIPS=1 cargo test -p api zip. Do not edit by hand.\n",
        );
        for z in zips {
            let acceptable: Vec<String> = z.acceptable_cities.iter().map(|c| title_case(c)).collect();
            text.push_str(&format!(
                "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
                z.zip_code,
                z.zip_code_type,
                u8::from(z.active),
                z.state.to_uppercase(),
                title_case(&z.city),
                z.lat,
                z.long,
                acceptable.join(";")
            ));
        }
        text
    }

    #[test]
    fn the_shipped_directory_is_the_zipcodes_crates() {
        let file = file_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures"));
        let expected = from_the_crate();
        if std::env::var_os("UPDATE_ZIPS").is_some() {
            std::fs::write(&file, &expected).unwrap();
        }
        let shipped = std::fs::read_to_string(&file).unwrap_or_default();
        assert!(
            shipped == expected,
            "{} differs from the zipcodes crate; run UPDATE_ZIPS=1 cargo test -p api zip",
            file.display()
        );
    }

    #[test]
    fn a_real_zip_gives_its_city_and_state_and_an_unused_one_gives_nothing() {
        let atlanta = lookup("30301").unwrap();
        assert_eq!(atlanta.state, "GA");
        assert_eq!(atlanta.city, "Atlanta");
        assert!(lookup("00000").is_none());
        assert!(atlanta.accepts_city("  atlanta "));
        assert!(!atlanta.accepts_city("Macon"));
    }

    #[test]
    fn a_position_in_a_city_finds_a_zip_code_of_that_city_and_the_open_sea_finds_none() {
        // Downtown Atlanta and downtown Tampa.
        assert_eq!(nearest(33.7537, -84.3863).map(|z| z.state.as_str()), Some("GA"));
        assert!(nearest(33.7537, -84.3863).unwrap().zip_code.starts_with("303"));
        assert!(nearest(27.9506, -82.4572).unwrap().zip_code.starts_with("336"));
        assert_eq!(nearest(30.0, -40.0), None, "the middle of the Atlantic");
        assert_eq!(nearest(91.0, 0.0), None);
    }
}
