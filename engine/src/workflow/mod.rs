//! The workflow file format, and loading and checking of `workflows/`.
//!
//! A workflow file is data that operators and carriers edit: which tabs an enrollment needs and when, and per-tab
//! field settings. The engine publishes the format as JSON Schema ([`file_format_schema`], derived with schemars from
//! the types of [`format`]) and checks every file against it before using it, so a bad file fails at load time with
//! its file name, the path inside the file and the reason, never at the moment a person reaches the tab.
//!
//! - [`format`]: the wizard file's types (tabs, forms, fields, the prefill sources);
//! - [`prefill`]: what an enrollment knows that a field's help names in braces, and the words it becomes;
//! - [`load`]: the seven kinds of file read, each held to its published format, and a version's files loaded as a whole;
//! - `meaning`: what a format cannot say (a tab listed once, fields that exist, questions that are defined).

mod error;
pub mod format;
pub mod load;
mod meaning;
pub mod prefill;

pub use self::error::WorkflowError;
pub use self::format::*;
pub use self::load::*;
pub use self::prefill::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Group, Rep};
    use std::path::Path;

    fn peachtree(rep: bool) -> PrefillValues {
        let group = Group {
            name: "Peachtree Logistics".into(),
            phone: "4045550188".into(),
            email: Some("benefits@peachtreelogistics.example".into()),
            ..serde_yaml::from_str("{ group_id: 2556, name: x, code: x }").unwrap()
        };
        let rep = rep.then(|| Rep {
            phone: "4045550191".into(),
            ..serde_yaml::from_str(
                "{ agent_id: 7781, agent_code: x, first_name: Jordan, last_name: Whitfield, email: jordan@x.example }",
            )
            .unwrap()
        });
        PrefillValues { group: Some(group), group_rep: rep, ..PrefillValues::default() }
    }

    #[test]
    fn every_text_of_the_shipped_workflows_is_written_in_spanish_and_an_offer_without_it_is_counted() {
        let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../workflows"));
        let mut workflows = load_dir(dir).unwrap();
        assert_eq!(workflows.untranslated("es"), Vec::<String>::new());
        let offer = &mut workflows.shop.checkout_upsells[0];
        offer.decline = crate::text::Text::from(offer.decline.en.as_str());
        assert_eq!(
            workflows.untranslated("es"),
            ["checkout_upsells offer term_life decline: No, I like medical questions."],
            "an offer's words are the workflow's texts too"
        );
    }

    const HELP: &str = "Ask {group.name} at {group.phone} or {group.email}. Or ask {group.rep.name}, at \
                        {group.rep.phone}. No code yet? Save for later.";

    #[test]
    fn a_help_names_what_the_enrollment_knows_with_phone_numbers_as_people_read_them() {
        assert_eq!(
            peachtree(true).words(HELP),
            "Ask Peachtree Logistics at (404) 555-0188 or benefits@peachtreelogistics.example. Or ask Jordan \
             Whitfield, at (404) 555-0191. No code yet? Save for later."
        );
    }

    #[test]
    fn a_sentence_naming_what_the_enrollment_does_not_know_is_left_out() {
        assert_eq!(
            peachtree(false).words(HELP),
            "Ask Peachtree Logistics at (404) 555-0188 or benefits@peachtreelogistics.example. No code yet? Save for \
             later."
        );
        assert_eq!(PrefillValues::default().words(HELP), "No code yet? Save for later.");
    }

    #[test]
    fn a_help_naming_something_no_enrollment_knows_is_refused_by_the_check() {
        assert_eq!(unknown_placeholders("Call {group.phone} or {group.fax}."), vec!["group.fax".to_string()]);
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../workflows/enrollment.yaml"))
            .unwrap()
            .replace("{group.rep.phone}", "{group.rep.pager}");
        let refused = parse_file("enrollment.yaml", &text).expect_err("an unknown placeholder is refused");
        assert!(refused.to_string().contains("group.rep.pager"), "{refused}");
    }
}
