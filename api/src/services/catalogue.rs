//! The catalogue held in memory: read from the database once at start (it is small and changes only with a new
//! seed), so pricing a page of plans costs no queries.

use std::collections::HashMap;

use anyhow::Context;
use engine::catalogue::{Carrier, Category, Group, Plan, Portal, Rep};
use engine::rating::AgeCurve;
use sqlx::Row;

use crate::store::Db;

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
}

impl Catalogue {
    pub async fn load(db: &Db) -> anyhow::Result<Catalogue> {
        let categories = sqlx::query("select document from plan_category order by position")
            .fetch_all(db)
            .await?
            .iter()
            .map(|r| serde_json::from_str::<Category>(&r.get::<String, _>("document")))
            .collect::<Result<Vec<_>, _>>()
            .context("a stored category is not readable")?;
        let carriers = sqlx::query("select document from carrier")
            .fetch_all(db)
            .await?
            .iter()
            .map(|r| serde_json::from_str::<Carrier>(&r.get::<String, _>("document")).map(|c| (c.carrier_id, c)))
            .collect::<Result<HashMap<_, _>, _>>()
            .context("a stored carrier is not readable")?;
        let mut plans = sqlx::query("select document from plan")
            .fetch_all(db)
            .await?
            .iter()
            .map(|r| serde_json::from_str::<Plan>(&r.get::<String, _>("document")))
            .collect::<Result<Vec<_>, _>>()
            .context("a stored plan is not readable")?;
        let position = |category: &str| categories.iter().position(|c| c.category == category).unwrap_or(usize::MAX);
        plans.sort_by_key(|p| (position(&p.category), p.plan_id));
        let groups = sqlx::query("select document from employer_group")
            .fetch_all(db)
            .await?
            .iter()
            .map(|r| serde_json::from_str::<Group>(&r.get::<String, _>("document")).map(|g| (g.group_id, g)))
            .collect::<Result<HashMap<_, _>, _>>()
            .context("a stored group is not readable")?;
        let reps = sqlx::query("select document from rep")
            .fetch_all(db)
            .await?
            .iter()
            .map(|r| serde_json::from_str::<Rep>(&r.get::<String, _>("document")).map(|g| (g.agent_id, g)))
            .collect::<Result<HashMap<_, _>, _>>()
            .context("a stored rep is not readable")?;
        let mut portals = sqlx::query("select document from portal")
            .fetch_all(db)
            .await?
            .iter()
            .map(|r| serde_json::from_str::<Portal>(&r.get::<String, _>("document")))
            .collect::<Result<Vec<_>, _>>()
            .context("a stored portal is not readable")?;
        portals.sort_by_key(|p| p.platform_group_id);
        let mut csv = String::from("age,factor\n");
        for row in sqlx::query("select age, factor from rating_curve where name = $1 order by age")
            .bind(crate::store::seed::AGE_CURVE)
            .fetch_all(db)
            .await?
        {
            csv.push_str(&format!("{},{}\n", row.get::<i64, _>("age"), row.get::<f64, _>("factor")));
        }
        let curve = AgeCurve::from_csv(&csv).map_err(|e| anyhow::anyhow!("stored age curve: {e}"))?;
        Ok(Catalogue { categories, carriers, plans, groups, reps, portals, curve })
    }

    pub fn plan(&self, plan_id: i64) -> Option<&Plan> {
        self.plans.iter().find(|p| p.plan_id == plan_id)
    }

    /// The group of a group enrollment code, whatever its case.
    pub fn group_by_code(&self, code: &str) -> Option<&Group> {
        let code = code.trim();
        self.groups.values().find(|g| g.code.eq_ignore_ascii_case(code))
    }

    pub fn carrier_name(&self, carrier_id: i64) -> &str {
        self.carriers.get(&carrier_id).map(|c| c.name.as_str()).unwrap_or_default()
    }
}
