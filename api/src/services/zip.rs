//! US ZIP codes (city and state) from the `zipcodes` crate's embedded directory of about 42,000 codes, indexed once.

use std::collections::HashMap;
use std::sync::OnceLock;

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

fn index() -> &'static HashMap<String, ZipInfo> {
    static INDEX: OnceLock<HashMap<String, ZipInfo>> = OnceLock::new();
    INDEX.get_or_init(|| {
        zipcodes::list_all()
            .into_iter()
            .map(|z| {
                let info = ZipInfo {
                    zip_code: z.zip_code.clone(),
                    city: title_case(&z.city),
                    state: z.state.to_uppercase(),
                    acceptable_cities: z.acceptable_cities.iter().map(|c| title_case(c)).collect(),
                };
                (z.zip_code, info)
            })
            .collect()
    })
}

/// Every active street-delivery ZIP code's position (degrees), for the nearest-ZIP search: PO box and single-building
/// codes are where people collect mail, not where they live, so a position never resolves to one.
fn positions() -> &'static Vec<(f64, f64, String)> {
    static POSITIONS: OnceLock<Vec<(f64, f64, String)>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        zipcodes::list_all()
            .into_iter()
            .filter(|z| z.active && z.zip_code_type == "STANDARD")
            .filter_map(|z| Some((z.lat.parse().ok()?, z.long.parse().ok()?, z.zip_code)))
            .collect()
    })
}

/// The ZIP code nearest a position (a browser's geolocation): great-circle distance to each ZIP's centre, over the
/// whole directory (about 42,000 codes, well under a millisecond). `None` off the map or more than 100 km from any.
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
    let (km, zip) =
        positions().iter().map(|(lat, lon, zip)| (distance(*lat, *lon), zip)).min_by(|a, b| a.0.total_cmp(&b.0))?;
    (km <= 100.0).then(|| lookup(zip)).flatten()
}

/// Loads the directory now rather than on the first request.
pub fn warm_up() {
    let _ = index().len();
    let _ = positions().len();
}

pub fn lookup(zip: &str) -> Option<&'static ZipInfo> {
    index().get(zip)
}

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
