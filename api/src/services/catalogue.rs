//! The catalogue held in memory: read from the database once at start (it is small and changes only with a new
//! seed), so pricing a page of plans costs no queries.

use std::collections::HashMap;

use crate::store::catalogue;
use crate::store::Db;
use anyhow::Context;
use engine::catalogue::{Carrier, Category, Group, Plan, Portal, Rep};
use engine::rating::AgeCurve;
use engine::storefront::Sites;

// Clone: a test gives one carrier other delivery settings.
#[derive(Clone)]
pub struct Catalogue {
    pub categories: Vec<Category>,
    pub carriers: HashMap<i64, Carrier>,
    /// In category order, then by plan id.
    pub plans: Vec<Plan>,
    pub groups: HashMap<i64, Group>,
    pub reps: HashMap<i64, Rep>,
    /// By platform_group_id.
    pub portals: Vec<Portal>,
    pub curve: AgeCurve,
    /// The store's own site and the sites it serves for others.
    pub sites: Sites,
    /// Where each plan is in `plans`, by id.
    index: HashMap<i64, usize>,
    /// What a plan's card shows that no filter changes, computed once at load: the catalogue is immutable until the
    /// next seed, so a listing prices its plans and copies the rest.
    cards: HashMap<i64, CardFacts>,
}

/// The parts of a plan's card that do not depend on who is shopping.
#[derive(Debug, Clone)]
pub struct CardFacts {
    /// The lowest price anyone can be quoted.
    pub from_price: Option<engine::rating::Cents>,
    /// The first facts its category is compared by, as (label, value), in each language the store speaks.
    highlights: std::collections::BTreeMap<&'static str, Vec<(&'static str, String)>>,
}

impl CardFacts {
    /// The card's facts in `language` (English if the store does not speak it).
    pub fn highlights(&self, language: &str) -> &[(&'static str, String)] {
        self.highlights.get(language).or_else(|| self.highlights.get(engine::i18n::SOURCE)).map_or(&[], Vec::as_slice)
    }
}

impl Catalogue {
    pub async fn load(db: &Db) -> anyhow::Result<Catalogue> {
        let categories = catalogue::documents(db, catalogue::Table::Category)
            .await?
            .iter()
            .map(|d| serde_json::from_str::<Category>(d))
            .collect::<Result<Vec<_>, _>>()
            .context("a stored category is not readable")?;
        let carriers = catalogue::documents(db, catalogue::Table::Carrier)
            .await?
            .iter()
            .map(|d| serde_json::from_str::<Carrier>(d).map(|c| (c.carrier_id, c)))
            .collect::<Result<HashMap<_, _>, _>>()
            .context("a stored carrier is not readable")?;
        // A key that cannot encrypt would hold every file of the carrier back: said now, not at the first delivery.
        for carrier in carriers.values() {
            if let Some(armored) = carrier.edi.as_ref().and_then(|edi| edi.pgp_key.as_deref()) {
                crate::services::edi::carrier_key(armored)
                    .with_context(|| format!("carrier {} ({}): its OpenPGP key", carrier.carrier_id, carrier.name))?;
            }
        }
        let mut plans = catalogue::documents(db, catalogue::Table::Plan)
            .await?
            .iter()
            .map(|d| serde_json::from_str::<Plan>(d))
            .collect::<Result<Vec<_>, _>>()
            .context("a stored plan is not readable")?;
        let position = |category: &str| categories.iter().position(|c| c.category == category).unwrap_or(usize::MAX);
        plans.sort_by_key(|p| (position(&p.category), p.plan_id));
        let groups = catalogue::documents(db, catalogue::Table::Group)
            .await?
            .iter()
            .map(|d| serde_json::from_str::<Group>(d).map(|g| (g.group_id, g)))
            .collect::<Result<HashMap<_, _>, _>>()
            .context("a stored group is not readable")?;
        let reps = catalogue::documents(db, catalogue::Table::Rep)
            .await?
            .iter()
            .map(|d| serde_json::from_str::<Rep>(d).map(|g| (g.agent_id, g)))
            .collect::<Result<HashMap<_, _>, _>>()
            .context("a stored rep is not readable")?;
        let mut portals = catalogue::documents(db, catalogue::Table::Portal)
            .await?
            .iter()
            .map(|d| serde_json::from_str::<Portal>(d))
            .collect::<Result<Vec<_>, _>>()
            .context("a stored portal is not readable")?;
        portals.sort_by_key(|p| p.platform_group_id);
        let mut csv = String::from("age,factor\n");
        for (age, factor) in catalogue::rating_curve(db, crate::store::seed::AGE_CURVE).await? {
            csv.push_str(&format!("{age},{factor}\n"));
        }
        let curve = AgeCurve::from_csv(&csv).map_err(|e| anyhow::anyhow!("stored age curve: {e}"))?;
        let sites = match crate::store::site::config(db).await? {
            Some(document) => serde_json::from_str(&document).context("the stored sites are not readable")?,
            None => Sites::default(),
        };
        let index = plans.iter().enumerate().map(|(i, p)| (p.plan_id, i)).collect();
        let cards = plans
            .iter()
            .map(|p| {
                let levels: Vec<_> = p.options.iter().map(|o| p.facts_of(o)).collect();
                let card = CardFacts {
                    from_price: engine::rating::starting_price(p, &curve),
                    highlights: engine::i18n::languages()
                        .map(|language| {
                            (language, engine::facts::highlights_of_levels(&p.category, &levels, 3, language))
                        })
                        .collect(),
                };
                (p.plan_id, card)
            })
            .collect();
        for category in &categories {
            category.check_translations().map_err(|e| anyhow::anyhow!("the catalogue's translations: {e}"))?;
        }
        for plan in &plans {
            plan.check_translations().map_err(|e| anyhow::anyhow!("the catalogue's translations: {e}"))?;
        }
        Ok(Catalogue { categories, carriers, plans, groups, reps, portals, curve, sites, index, cards })
    }

    /// Where the catalogue's texts (categories' names, plans' texts) are not written in `language`: English is shown
    /// in their place. Each as `where: the English`.
    pub fn untranslated(&self, language: &str) -> Vec<String> {
        let mut missing = Vec::new();
        let mut note = |place: String, english: &str, written: bool| {
            if !written && english.chars().any(char::is_alphabetic) {
                missing.push(format!("{place}: {english}"));
            }
        };
        let written = |translations: &engine::catalogue::Translations, field: &str| {
            translations.get(language).is_some_and(|t| t.contains_key(field))
        };
        for category in &self.categories {
            let at = |field: &str| format!("category {} {field}", category.category);
            note(at("display_name"), &category.display_name, written(&category.translations, "display_name"));
            note(at("section_name"), &category.section_name, written(&category.translations, "section_name"));
        }
        for plan in &self.plans {
            for field in engine::catalogue::Plan::TEXTS {
                let english = plan.text(field).unwrap_or_default();
                note(format!("plan {} {field}", plan.plan_id), english, written(&plan.translations, field));
            }
        }
        missing
    }

    /// The carriers of these plans, each once, in the plans' order.
    pub fn carriers_of(&self, plan_ids: impl IntoIterator<Item = i64>) -> Vec<i64> {
        let mut carriers = Vec::new();
        for carrier_id in plan_ids.into_iter().filter_map(|id| self.plan(id).map(|p| p.carrier_id)) {
            if !carriers.contains(&carrier_id) {
                carriers.push(carrier_id);
            }
        }
        carriers
    }

    pub fn plan(&self, plan_id: i64) -> Option<&Plan> {
        self.index.get(&plan_id).map(|i| &self.plans[*i])
    }

    /// What the plan's card shows that no filter changes.
    pub fn card_facts(&self, plan_id: i64) -> Option<&CardFacts> {
        self.cards.get(&plan_id)
    }

    /// The group of a group enrollment code, whatever its case.
    pub fn group_by_code(&self, code: &str) -> Option<&Group> {
        let code = code.trim();
        self.groups.values().find(|g| g.code.eq_ignore_ascii_case(code))
    }

    pub fn carrier_name(&self, carrier_id: i64) -> &str {
        self.carriers.get(&carrier_id).map(|c| c.name.as_str()).unwrap_or_default()
    }

    /// The name of `category` in `language`; its key when the catalogue no longer has it.
    pub fn category_name(&self, category: &str, language: &str) -> String {
        self.categories
            .iter()
            .find(|c| c.category == category)
            .map_or_else(|| category.to_string(), |c| c.display_name_in(language).to_string())
    }
}
