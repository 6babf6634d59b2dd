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

/// Loads the directory now rather than on the first request.
pub fn warm_up() {
    let _ = index().len();
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
}
