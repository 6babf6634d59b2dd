//! Loading `fixtures/` into the database: idempotent, and skipped when the fixtures have not changed since the last
//! load (a digest of their text is kept in `seed_state`). Rows are upserted by their fixture ids, so a changed plan is
//! updated in place and carts that hold it stay valid.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use anyhow::Context;
use engine::catalogue::{Carrier, Category, Group, Plan, Portal, Rep};
use engine::rating::AgeCurve;
use engine::storefront::Sites;
use serde::Deserialize;

use crate::store::{now, Db};

pub const AGE_CURVE: &str = "federal-default";

#[derive(Deserialize)]
struct Carriers {
    carriers: Vec<Carrier>,
}

#[derive(Deserialize)]
struct Categories {
    categories: Vec<Category>,
}

#[derive(Deserialize)]
struct Groups {
    groups: Vec<Group>,
}

#[derive(Deserialize)]
struct Reps {
    reps: Vec<Rep>,
}

#[derive(Deserialize)]
struct Portals {
    portals: Vec<Portal>,
}

#[derive(Deserialize)]
struct Plans {
    plans: Vec<Plan>,
}

/// The catalogue as read from the fixture files.
pub struct Fixtures {
    pub carriers: Vec<Carrier>,
    pub categories: Vec<Category>,
    pub plans: Vec<Plan>,
    pub groups: Vec<Group>,
    pub reps: Vec<Rep>,
    pub portals: Vec<Portal>,
    pub sites: Sites,
    pub curve_csv: String,
    /// How the seeded shopping history is drawn.
    pub history: engine::recommend::HistorySpec,
    digest: String,
}

fn read(path: &Path) -> anyhow::Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

fn yaml<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> anyhow::Result<T> {
    serde_yaml::from_str(text).with_context(|| format!("{} is not a valid fixture file", path.display()))
}

pub fn read_fixtures(dir: &Path) -> anyhow::Result<Fixtures> {
    let mut hasher = DefaultHasher::new();
    let mut text_of = |path: PathBuf| -> anyhow::Result<(PathBuf, String)> {
        let text = read(&path)?;
        path.file_name().hash(&mut hasher);
        text.hash(&mut hasher);
        Ok((path, text))
    };
    let (p, t) = text_of(dir.join("catalogue/carriers.yaml"))?;
    let carriers: Carriers = yaml(&p, &t)?;
    let (p, t) = text_of(dir.join("catalogue/categories.yaml"))?;
    let categories: Categories = yaml(&p, &t)?;
    let (p, t) = text_of(dir.join("catalogue/groups.yaml"))?;
    let groups: Groups = yaml(&p, &t)?;
    let (p, t) = text_of(dir.join("catalogue/reps.yaml"))?;
    let reps: Reps = yaml(&p, &t)?;
    let (p, t) = text_of(dir.join("catalogue/portals.yaml"))?;
    let portals: Portals = yaml(&p, &t)?;
    let (p, t) = text_of(dir.join("catalogue/sites.yaml"))?;
    let sites: Sites = yaml(&p, &t)?;
    check_sites(&sites, &groups.groups, &reps.reps).with_context(|| format!("{}", p.display()))?;
    let plans_dir = dir.join("catalogue/plans");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&plans_dir)
        .with_context(|| format!("cannot read {}", plans_dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "yaml" || e == "yml"))
        .collect();
    files.sort();
    let mut plans = Vec::new();
    for file in files {
        let (p, t) = text_of(file)?;
        plans.extend(yaml::<Plans>(&p, &t)?.plans);
    }
    engine::catalogue::check_plans(&plans, &carriers.carriers, &categories.categories)
        .map_err(|why| anyhow::anyhow!("{}: {why}", plans_dir.display()))?;
    // A document a plan lists is served from the fixtures' assets: it must be there (scripts/plan-documents.py).
    for plan in &plans {
        for document in &plan.documents {
            let file = dir.join("assets").join(document.url.trim_start_matches("/assets/"));
            anyhow::ensure!(
                file.is_file(),
                "plan {}: its document {} is not in the fixtures ({})",
                plan.plan_id,
                document.url,
                file.display()
            );
        }
    }
    let (_, curve_csv) = text_of(dir.join("rating/federal-default-age-curve.csv"))?;
    let (p, t) = text_of(dir.join("history/shopping.yaml"))?;
    let history: engine::recommend::HistorySpec = yaml(&p, &t)?;
    AgeCurve::from_csv(&curve_csv).map_err(|e| anyhow::anyhow!("federal-default-age-curve.csv: {e}"))?;
    Ok(Fixtures {
        carriers: carriers.carriers,
        categories: categories.categories,
        plans,
        groups: groups.groups,
        reps: reps.reps,
        portals: portals.portals,
        sites,
        curve_csv,
        history,
        digest: format!("{:016x}", hasher.finish()),
    })
}

/// What must hold of the sites before anything is loaded: the owners they name exist, and colours are hex colours
/// (they reach the page as CSS).
fn check_sites(sites: &Sites, groups: &[Group], reps: &[Rep]) -> anyhow::Result<()> {
    let group = |id: i64| groups.iter().any(|g| g.group_id == id);
    let rep = |id: i64| reps.iter().any(|r| r.agent_id == id);
    for d in &sites.domains {
        anyhow::ensure!(
            d.group_id.is_some_and(group) || d.agent_id.is_some_and(rep),
            "domain {} has no owner",
            d.domain
        );
    }
    for s in &sites.external_sites {
        anyhow::ensure!(group(s.group_id), "external site {} names no group", s.site_name);
    }
    for r in &sites.referrals {
        anyhow::ensure!(rep(r.agent_id), "referral {} names no rep", r.referral_id);
        anyhow::ensure!(engine::dates::parse_mdy(&r.valid_until).is_some(), "referral {} valid_until", r.referral_id);
    }
    let brandings =
        std::iter::once(&sites.store).chain(groups.iter().map(|g| &g.branding)).chain(reps.iter().map(|r| &r.branding));
    for b in brandings {
        anyhow::ensure!(b.colors_are_hex(), "{}: colours must be #rgb or #rrggbb", b.display_name);
    }
    Ok(())
}

/// Inserts or replaces a row of a table keyed by `key` with an access code and a JSON document (groups, reps).
async fn upsert_coded(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    table: &str,
    key: &str,
    id: i64,
    code: &str,
    document: String,
) -> Result<(), sqlx::Error> {
    let sql = format!(
        "insert into {table} ({key}, code, document) values ($1, $2, $3) \
         on conflict ({key}) do update set code = excluded.code, document = excluded.document"
    );
    sqlx::query(&sql).bind(id).bind(code).bind(document).execute(&mut **tx).await?;
    Ok(())
}

/// The digest of the catalogue's fixtures as last loaded; none before the first seed.
pub async fn catalogue_digest(db: &Db) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select digest from seed_state where name = 'catalogue'").fetch_optional(db).await
}

/// Loads the fixtures unless the same fixtures are already loaded; true when it wrote anything.
pub async fn seed(db: &Db, dir: &Path) -> anyhow::Result<bool> {
    let fixtures = read_fixtures(dir)?;
    let current = catalogue_digest(db).await?;
    if current.as_deref() == Some(fixtures.digest.as_str()) {
        return Ok(false);
    }
    let mut tx = db.begin().await?;
    for carrier in &fixtures.carriers {
        sqlx::query(
            "insert into carrier (carrier_id, document) values ($1, $2) \
             on conflict (carrier_id) do update set document = excluded.document",
        )
        .bind(carrier.carrier_id)
        .bind(serde_json::to_string(carrier)?)
        .execute(&mut *tx)
        .await?;
    }
    for (position, category) in fixtures.categories.iter().enumerate() {
        sqlx::query(
            "insert into plan_category (category, position, document) values ($1, $2, $3) \
             on conflict (category) do update set position = excluded.position, document = excluded.document",
        )
        .bind(&category.category)
        .bind(position as i64)
        .bind(serde_json::to_string(category)?)
        .execute(&mut *tx)
        .await?;
    }
    for plan in &fixtures.plans {
        sqlx::query(
            "insert into plan (plan_id, category, document) values ($1, $2, $3) \
             on conflict (plan_id) do update set category = excluded.category, document = excluded.document",
        )
        .bind(plan.plan_id)
        .bind(&plan.category)
        .bind(serde_json::to_string(plan)?)
        .execute(&mut *tx)
        .await?;
        for option in &plan.options {
            sqlx::query(
                "insert into plan_pricing (plan_pricing_id, plan_id) values ($1, $2) \
                 on conflict (plan_pricing_id) do update set plan_id = excluded.plan_id",
            )
            .bind(option.plan_pricing_id)
            .bind(plan.plan_id)
            .execute(&mut *tx)
            .await?;
        }
    }
    for group in &fixtures.groups {
        upsert_coded(&mut tx, "employer_group", "group_id", group.group_id, &group.code, serde_json::to_string(group)?)
            .await?;
    }
    for rep in &fixtures.reps {
        upsert_coded(&mut tx, "rep", "agent_id", rep.agent_id, &rep.agent_code, serde_json::to_string(rep)?).await?;
    }
    for portal in &fixtures.portals {
        let document = serde_json::to_string(portal)?;
        upsert_coded(&mut tx, "portal", "platform_group_id", portal.platform_group_id, &portal.platform_code, document)
            .await?;
    }
    crate::store::site::upsert_config(&mut tx, &serde_json::to_string(&fixtures.sites)?).await?;
    for line in fixtures.curve_csv.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let (age, factor) = line.split_once(',').context("age curve row")?;
        let age: i64 = age.trim_end_matches('+').parse()?;
        let factor: f64 = factor.trim().parse()?;
        sqlx::query(
            "insert into rating_curve (name, age, factor) values ($1, $2, $3) \
             on conflict (name, age) do update set factor = excluded.factor",
        )
        .bind(AGE_CURVE)
        .bind(age)
        .bind(factor)
        .execute(&mut *tx)
        .await?;
    }
    let history = engine::recommend::generate(&fixtures.history, &fixtures.plans);
    crate::store::benefit::replace_history(&mut tx, &history).await?;
    sqlx::query(
        "insert into seed_state (name, digest, applied_at) values ('catalogue', $1, $2) \
         on conflict (name) do update set digest = excluded.digest, applied_at = excluded.applied_at",
    )
    .bind(&fixtures.digest)
    .bind(now())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    tracing::info!(
        plans = fixtures.plans.len(),
        carriers = fixtures.carriers.len(),
        history = history.len(),
        "fixtures loaded"
    );
    Ok(true)
}
