//! The recommendations as of the last rebuild: read from the store (the seeded history, every cart and enrollment),
//! counted by the engine, and swapped in whole. A background task rebuilds them on a schedule; requests only read the
//! current snapshot, so none waits for a rebuild.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use chrono::{DateTime, Utc};
use engine::recommend::{for_profile, popularity, Basket, Counts, Profile, Rule};
use serde_json::Value;

use crate::store::{self, Db};

/// Recent baskets count more: a basket's weight halves every this many days.
pub const HALF_LIFE_DAYS: f64 = 30.0;

/// The fewest baskets of people alike to recommend from; fewer, and everyone's are used.
pub const MIN_ALIKE: usize = 5;

/// The fewest baskets that must hold two plans together before one recommends the other.
pub const MIN_TOGETHER: usize = 5;

/// The least share of the baskets holding a plan that must also hold the recommended one.
pub const MIN_CONFIDENCE: f64 = 0.1;

/// What the recommendations are read from, built at one moment.
#[derive(Debug, Default)]
pub struct Snapshot {
    /// Every plan chosen, most chosen first.
    pub popular: Vec<(i64, f64)>,
    /// For each profile with enough baskets alike, its plans, most chosen first.
    pub by_profile: HashMap<Profile, Vec<(i64, f64)>>,
    /// "Also chosen" rules by the plan they start from, strongest first.
    pub also: BTreeMap<i64, Vec<Rule>>,
    pub baskets: usize,
}

impl Snapshot {
    pub fn build(baskets: &[Basket]) -> Snapshot {
        let popular = popularity(baskets, HALF_LIFE_DAYS);
        let mut alike: HashMap<&Profile, usize> = HashMap::new();
        for profile in baskets.iter().filter_map(|b| b.profile.as_ref()) {
            *alike.entry(profile).or_default() += 1;
        }
        let by_profile = alike
            .into_iter()
            .filter(|(_, n)| *n >= MIN_ALIKE)
            .map(|(p, _)| (p.clone(), for_profile(baskets, p, HALF_LIFE_DAYS, MIN_ALIKE)))
            .collect();
        let counts = Counts::from_baskets(baskets);
        let mut also: BTreeMap<i64, Vec<Rule>> = BTreeMap::new();
        // Only rules where the plans go together more than by chance (lift above 1).
        for rule in counts.rules(MIN_TOGETHER, MIN_CONFIDENCE).into_iter().filter(|r| r.lift > 1.0) {
            also.entry(rule.from).or_default().push(rule);
        }
        Snapshot { popular, by_profile, also, baskets: counts.baskets() }
    }

    /// The plans people of this profile chose; `None` when too few baskets are alike.
    pub fn for_profile(&self, profile: &Profile) -> Option<&[(i64, f64)]> {
        self.by_profile.get(profile).map(Vec::as_slice)
    }
}

/// The current snapshot, shared by every request.
pub struct Recommender {
    current: RwLock<Arc<Snapshot>>,
}

impl Default for Recommender {
    fn default() -> Self {
        Recommender { current: RwLock::new(Arc::new(Snapshot::default())) }
    }
}

impl Recommender {
    pub fn now(&self) -> Arc<Snapshot> {
        self.current.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Reads every basket and swaps in a snapshot built from them. The counting runs off the async threads.
    pub async fn refresh(&self, db: &Db) -> anyhow::Result<()> {
        let baskets = baskets(db, Utc::now()).await?;
        let snapshot = tokio::task::spawn_blocking(move || Snapshot::build(&baskets)).await?;
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(snapshot);
        Ok(())
    }
}

/// Rebuilds the recommendations every `every`, for as long as the server runs.
pub fn spawn_refresher(recommender: Arc<Recommender>, db: Db, every: Duration) {
    super::spawn_every(every, move || {
        let (recommender, db) = (recommender.clone(), db.clone());
        async move {
            if let Err(error) = recommender.refresh(&db).await {
                tracing::warn!(%error, "recommendations were not rebuilt; the previous ones stay");
            }
        }
    });
}

fn days_since(at: &str, now: DateTime<Utc>) -> f64 {
    DateTime::parse_from_rfc3339(at)
        .map(|t| (now - t.with_timezone(&Utc)).num_seconds().max(0) as f64 / 86_400.0)
        .unwrap_or(0.0)
}

/// Who a quote's filter is for, when it says.
fn profile_of_filter(filter: &str, today: chrono::NaiveDate) -> Option<Profile> {
    let filter: Value = serde_json::from_str(filter).ok()?;
    let text = |k: &str| filter.get(k).and_then(Value::as_str).filter(|s| !s.is_empty());
    let birth = engine::dates::parse_mdy(text("dob")?)?;
    Some(Profile::new(text("state")?, text("tier")?, engine::dates::age_on(birth, today), text("gender")?))
}

/// The seeded history and every cart of the store, as baskets aged to `now`.
pub async fn baskets(db: &Db, now: DateTime<Utc>) -> anyhow::Result<Vec<Basket>> {
    let mut baskets: Vec<Basket> = store::benefit::history(db)
        .await?
        .into_iter()
        .map(|b| Basket {
            plans: b.plans,
            age_days: days_since(&b.changed_at, now),
            enrolled: b.enrolled,
            profile: b.profile.map(|(state, tier, age, gender)| Profile::new(&state, &tier, age, &gender)),
        })
        .collect();
    let today = now.date_naive();
    let mut current: Option<(i64, Basket)> = None;
    for line in store::benefit::cart_lines(db).await? {
        match &mut current {
            Some((id, basket)) if *id == line.enrollment_id => basket.plans.push(line.plan_id),
            _ => {
                baskets.extend(current.take().map(|(_, b)| b));
                let basket = Basket {
                    plans: vec![line.plan_id],
                    age_days: days_since(&line.changed_at, now),
                    enrolled: line.enrolled,
                    profile: profile_of_filter(&line.filter, today),
                };
                current = Some((line.enrollment_id, basket));
            }
        }
    }
    baskets.extend(current.map(|(_, b)| b));
    Ok(baskets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filter_gives_the_profile_of_the_person_it_quotes() {
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        let filter = r#"{"zip":"30303","dob":"05/01/1990","gender":"1","tier":"IF","state":"GA"}"#;
        assert_eq!(profile_of_filter(filter, today), Some(Profile::new("GA", "IF", 36, "1")));
        assert_eq!(profile_of_filter(r#"{"zip":"","dob":"","gender":"","tier":"","state":""}"#, today), None);
    }

    #[test]
    fn only_rules_where_plans_go_together_more_than_by_chance_are_kept() {
        let cart = |plans: &[i64]| Basket { plans: plans.to_vec(), age_days: 0.0, enrolled: false, profile: None };
        let mut baskets: Vec<Basket> = (0..MIN_TOGETHER).map(|_| cart(&[1, 2])).collect();
        baskets.extend((0..20).map(|_| cart(&[3])));
        // 4 is in every basket: it says nothing about 1 (lift 1).
        for b in &mut baskets {
            b.plans.push(4);
        }
        let snapshot = Snapshot::build(&baskets);
        let from_one: Vec<i64> = snapshot.also[&1].iter().map(|r| r.to).collect();
        assert_eq!(from_one, vec![2]);
    }
}
