//! The benefit service's tables: the seeded shopping history and the store's own baskets (read for recommendations),
//! location leads, and the help chat's answers and feedback. Chat text arrives here already sealed.

use engine::recommend::SeededBasket;
use sqlx::Row;

use super::{now, placeholders, Db};

/// Replaces the seeded history (in the seed's transaction).
pub async fn replace_history(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    baskets: &[SeededBasket],
) -> Result<(), sqlx::Error> {
    sqlx::query("delete from basket_history").execute(&mut **tx).await?;
    let today = chrono::Utc::now();
    for (id, basket) in baskets.iter().enumerate() {
        let plans: Vec<String> = basket.plans.iter().map(i64::to_string).collect();
        let happened = today - chrono::Duration::days(i64::from(basket.days_ago));
        sqlx::query(
            "insert into basket_history (basket_id, plans, state, tier, age, gender, enrolled, happened_at) \
             values ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(id as i64 + 1)
        .bind(plans.join(","))
        .bind(&basket.profile.state)
        .bind(&basket.profile.tier)
        .bind(i64::from(basket.profile.age_band))
        .bind(&basket.profile.gender)
        .bind(i64::from(basket.enrolled))
        .bind(happened.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// A basket as stored: its plans, who it was for, whether it was enrolled, when it last changed.
#[derive(Debug, Clone)]
pub struct StoredBasket {
    pub plans: Vec<i64>,
    /// The filter's state, tier, age and gender, when known.
    pub profile: Option<(String, String, i32, String)>,
    pub enrolled: bool,
    pub changed_at: String,
}

/// Every seeded basket.
pub async fn history(db: &Db) -> Result<Vec<StoredBasket>, sqlx::Error> {
    let rows = sqlx::query(
        "select plans, state, tier, age, gender, enrolled, happened_at from basket_history order by basket_id",
    )
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            let plans: String = r.try_get("plans")?;
            Ok(StoredBasket {
                plans: plans.split(',').filter_map(|p| p.parse().ok()).collect(),
                profile: Some((
                    r.try_get("state")?,
                    r.try_get("tier")?,
                    r.try_get::<i64, _>("age")? as i32,
                    r.try_get("gender")?,
                )),
                enrolled: r.try_get::<i64, _>("enrolled")? != 0,
                changed_at: r.try_get("happened_at")?,
            })
        })
        .collect()
}

/// One line of a live cart: the enrollment, its filter (JSON), whether it was submitted, when it last changed.
#[derive(Debug, Clone)]
pub struct CartLine {
    pub enrollment_id: i64,
    pub filter: String,
    pub enrolled: bool,
    pub changed_at: String,
    pub plan_id: i64,
}

/// Every cart line of the store's own enrollments, grouped by enrollment.
pub async fn cart_lines(db: &Db) -> Result<Vec<CartLine>, sqlx::Error> {
    let rows = sqlx::query(
        "select e.enrollment_id, e.filter, e.policy_id, e.updated_at, c.plan_id \
         from cart_line c join enrollment e on e.enrollment_id = c.enrollment_id \
         order by e.enrollment_id, c.plan_id",
    )
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(CartLine {
                enrollment_id: r.try_get("enrollment_id")?,
                filter: r.try_get("filter")?,
                enrolled: r.try_get::<Option<String>, _>("policy_id")?.is_some(),
                changed_at: r.try_get("updated_at")?,
                plan_id: r.try_get("plan_id")?,
            })
        })
        .collect()
}

/// A device's answer to the location banner on a site.
#[derive(Debug, Clone, PartialEq)]
pub struct Lead {
    pub device_id: String,
    pub site: String,
    pub agent_id: Option<i64>,
    pub group_id: Option<i64>,
    pub web_url: String,
    pub consent: String,
    pub zip_code: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub updated_at: String,
}

const LEAD_COLUMNS: &str =
    "device_id, site, agent_id, group_id, web_url, consent, zip_code, latitude, longitude, updated_at";

fn lead_of(r: &sqlx::any::AnyRow) -> Result<Lead, sqlx::Error> {
    Ok(Lead {
        device_id: r.try_get("device_id")?,
        site: r.try_get("site")?,
        agent_id: r.try_get("agent_id")?,
        group_id: r.try_get("group_id")?,
        web_url: r.try_get("web_url")?,
        consent: r.try_get("consent")?,
        zip_code: r.try_get("zip_code")?,
        latitude: r.try_get("latitude")?,
        longitude: r.try_get("longitude")?,
        updated_at: r.try_get("updated_at")?,
    })
}

pub async fn lead(db: &Db, device_id: &str, site: &str) -> Result<Option<Lead>, sqlx::Error> {
    let sql = format!("select {LEAD_COLUMNS} from lead where device_id = $1 and site = $2");
    sqlx::query(&sql).bind(device_id).bind(site).fetch_optional(db).await?.as_ref().map(lead_of).transpose()
}

/// Keeps a device's answer on a site; a later answer replaces it.
pub async fn put_lead(db: &Db, lead: &Lead) -> Result<(), sqlx::Error> {
    let at = now();
    sqlx::query(
        "insert into lead (device_id, site, agent_id, group_id, web_url, consent, zip_code, latitude, longitude, \
         created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) \
         on conflict (device_id, site) do update set agent_id = excluded.agent_id, group_id = excluded.group_id, \
         web_url = excluded.web_url, consent = excluded.consent, zip_code = excluded.zip_code, \
         latitude = excluded.latitude, longitude = excluded.longitude, updated_at = excluded.updated_at",
    )
    .bind(&lead.device_id)
    .bind(&lead.site)
    .bind(lead.agent_id)
    .bind(lead.group_id)
    .bind(&lead.web_url)
    .bind(&lead.consent)
    .bind(&lead.zip_code)
    .bind(lead.latitude)
    .bind(lead.longitude)
    .bind(at)
    .execute(db)
    .await?;
    Ok(())
}

/// The leads of these sites, newest first (at most 500).
pub async fn leads_of(db: &Db, sites: &[String]) -> Result<Vec<Lead>, sqlx::Error> {
    if sites.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "select {LEAD_COLUMNS} from lead where site in ({}) order by updated_at desc limit 500",
        placeholders(sites.len())
    );
    let mut query = sqlx::query(&sql);
    for site in sites {
        query = query.bind(site);
    }
    query.fetch_all(db).await?.iter().map(lead_of).collect()
}

/// A device's chat answers on a site: question id and the sealed answer.
pub async fn answers(db: &Db, device_id: &str, site: &str) -> Result<Vec<(i64, String)>, sqlx::Error> {
    let rows = sqlx::query(
        "select question_id, answer from assist_answer where device_id = $1 and site = $2 order by answered_at, question_id",
    )
    .bind(device_id)
    .bind(site)
    .fetch_all(db)
    .await?;
    rows.iter().map(|r| Ok((r.try_get("question_id")?, r.try_get("answer")?))).collect()
}

/// Keeps an answer (sealed); answering the same question again replaces it and keeps its place.
pub async fn put_answer(
    db: &Db,
    device_id: &str,
    site: &str,
    question_id: i64,
    sealed: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into assist_answer (device_id, site, question_id, answer, answered_at) values ($1, $2, $3, $4, $5) \
         on conflict (device_id, site, question_id) do update set answer = excluded.answer",
    )
    .bind(device_id)
    .bind(site)
    .bind(question_id)
    .bind(sealed)
    .bind(now())
    .execute(db)
    .await?;
    Ok(())
}

pub async fn add_feedback(db: &Db, site: &str, device_id: &str, sealed: &str) -> Result<(), sqlx::Error> {
    sqlx::query("insert into assist_feedback (site, device_id, message, created_at) values ($1, $2, $3, $4)")
        .bind(site)
        .bind(device_id)
        .bind(sealed)
        .bind(now())
        .execute(db)
        .await?;
    Ok(())
}

/// Feedback left on these sites, newest first (at most 500): site, sealed message, when.
pub async fn feedback_of(db: &Db, sites: &[String]) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    if sites.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "select site, message, created_at from assist_feedback where site in ({}) \
         order by created_at desc, feedback_id desc limit 500",
        placeholders(sites.len())
    );
    let mut query = sqlx::query(&sql);
    for site in sites {
        query = query.bind(site);
    }
    let rows = query.fetch_all(db).await?;
    rows.iter().map(|r| Ok((r.try_get("site")?, r.try_get("message")?, r.try_get("created_at")?))).collect()
}
