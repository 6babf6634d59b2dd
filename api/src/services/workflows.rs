//! Versions of the workflows, and which one each enrollment answers.
//!
//! Every change of `workflows/` becomes a version: the text of all its files, stored whole in the database under the
//! SHA-256 digest of that text and never changed afterwards; each load of a version is recorded with who or what
//! loaded it and when, and the newest load's version is current. A version enters the database only after the engine
//! has checked it (`enroll workflows load`, or a server start with files never stored), so a bad change is refused with
//! the checker's messages and the versions already stored go on serving.
//!
//! An enrollment is pinned to the newest version when it starts. Its steps, validation, review and receipt use that
//! version; a submitted application keeps it for good. When a version is loaded the operator says what enrollments in
//! flight on earlier versions do: `stay` on theirs (the default: what a person has read and answered is not changed
//! under them), or `move` to the newest version at their next call (answers are kept where the fields still exist; new
//! required questions are asked). Submitted applications never move.
//!
//! Each server keeps the versions it has read; [`Registry::refresh`] reads the loads recorded since, which every
//! replica does every `WORKFLOWS_REFRESH_SECS` (`app::spawn_reloader`), so a load through the database reaches all of
//! them without a restart.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

use engine::context::EnrollmentContext;
use engine::schema::FormShape;
use engine::tabs::TabName;
use engine::workflow::{Bundle, WorkflowError, Workflows};
use sha2::{Digest, Sha256};

use crate::store::Db;

/// What enrollments in flight on earlier versions do when a version is loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InFlight {
    /// They stay on the version they started with (the default).
    Stay,
    /// They move to the newest version at their next call.
    Move,
}

impl InFlight {
    pub fn as_str(self) -> &'static str {
        match self {
            InFlight::Stay => "stay",
            InFlight::Move => "move",
        }
    }

    pub fn parse(text: &str) -> Option<InFlight> {
        match text {
            "stay" => Some(InFlight::Stay),
            "move" => Some(InFlight::Move),
            _ => None,
        }
    }
}

/// One version: the text of its files, and the workflows they define.
#[derive(Debug)]
pub struct Version {
    /// The SHA-256 digest of its files' text (hex): its name.
    pub hash: String,
    pub bundle: Bundle,
    pub workflows: Workflows,
    /// The wizard's forms composed so far, by step and enrollment context (see `engine::schema::FormShape`).
    forms: Mutex<HashMap<(TabName, EnrollmentContext), Arc<FormShape>>>,
}

/// The most form shapes a version keeps: a shape is per step and kind of enrollment (its process, type, group, tier,
/// state and the cart's categories), a few hundred in practice; past this the kept ones are dropped and composed again.
const MOST_FORM_SHAPES: usize = 4096;

impl Version {
    /// The shape of `tab`'s form for enrollments of context `ctx`, composed by `compose` the first time it is asked
    /// for. `compose` must depend on nothing but this version, the step and the context.
    pub fn form_shape(
        &self,
        tab: TabName,
        ctx: &EnrollmentContext,
        compose: impl FnOnce() -> Option<FormShape>,
    ) -> Option<Arc<FormShape>> {
        let key = (tab, ctx.clone());
        if let Some(shape) = self.forms.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Some(shape.clone());
        }
        let shape = Arc::new(compose()?);
        let mut forms = self.forms.lock().unwrap_or_else(|e| e.into_inner());
        if forms.len() >= MOST_FORM_SHAPES {
            forms.clear();
        }
        Some(forms.entry(key).or_insert(shape).clone())
    }
}

impl std::ops::Deref for Version {
    type Target = Workflows;

    fn deref(&self) -> &Workflows {
        &self.workflows
    }
}

/// The digest that names a version: SHA-256 of its files' names and text.
pub fn digest(bundle: &Bundle) -> String {
    let text = serde_json::to_string(&bundle.files).expect("text is JSON");
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The first characters of a digest, as versions are shown to people.
pub fn short(hash: &str) -> &str {
    &hash[..hash.len().min(12)]
}

/// Why a version could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The files are not valid: the checker's message.
    #[error("{0}")]
    Invalid(#[from] WorkflowError),
    /// Another load was made while this one was being made (on the same newest load): nothing was loaded.
    #[error("another load of the workflows was made meanwhile; nothing was loaded: load again")]
    Overtaken,
    #[error(transparent)]
    Database(sqlx::Error),
}

impl From<sqlx::Error> for LoadError {
    fn from(error: sqlx::Error) -> Self {
        if crate::store::workflow::is_overtaken(&error) {
            LoadError::Overtaken
        } else {
            LoadError::Database(error)
        }
    }
}

/// What a load did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded {
    pub hash: String,
    pub seq: i64,
}

/// Files made elsewhere (the workflows directory) as a version would hold them: with the plans' questionnaires that
/// the newest version has and they lack (published in the carriers' console), and the newest load they follow.
pub async fn with_published(db: &Db, bundle: &Bundle) -> Result<(Bundle, Option<i64>), LoadError> {
    let Some(newest) = crate::store::workflow::newest(db).await? else { return Ok((bundle.clone(), None)) };
    let files = serde_json::from_str(&newest.files).map_err(|e| {
        LoadError::Invalid(WorkflowError {
            file: format!("version {}", short(&newest.hash)),
            path: "/".into(),
            reason: e.to_string(),
        })
    })?;
    Ok((bundle.with_questionnaires_of(&Bundle { files }), Some(newest.seq)))
}

/// Checks the files of `dir` (with what [`with_published`] keeps) and records their load (storing the version's text
/// if it is new): it becomes the current version.
pub async fn load(
    db: &Db,
    bundle: &Bundle,
    shown_dir: &str,
    by: &str,
    in_flight: InFlight,
) -> Result<Loaded, LoadError> {
    let (bundle, follows) = with_published(db, bundle).await?;
    let workflows = bundle.parse(shown_dir)?;
    engine::schema::every_check_parses(&workflows)?;
    let hash = digest(&bundle);
    let files = serde_json::to_string(&bundle.files).expect("text is JSON");
    let seq = crate::store::workflow::record_load(db, &hash, &files, by, in_flight.as_str(), follows).await?;
    Ok(Loaded { hash, seq })
}

fn parsed(hash: &str, files: &str) -> Result<Version, WorkflowError> {
    let shown = format!("version {}", short(hash));
    let files = serde_json::from_str(files).map_err(|e| WorkflowError {
        file: shown.clone(),
        path: "/".into(),
        reason: e.to_string(),
    })?;
    let bundle = Bundle { files };
    let workflows = bundle.parse(&shown)?;
    Ok(Version { hash: hash.to_string(), bundle, workflows, forms: Mutex::default() })
}

/// One load as the registry remembers it.
struct Load {
    seq: i64,
    hash: String,
    in_flight: InFlight,
}

struct Known {
    by_hash: HashMap<String, Arc<Version>>,
    current: Arc<Version>,
    /// Every load read so far, oldest first.
    loads: Vec<Load>,
}

impl Known {
    /// Keeps `version` (by its digest). Its carriers' words travel with it: they are resolved where they are drawn,
    /// never added to words shared by other versions.
    fn keep(&mut self, version: Arc<Version>) {
        self.by_hash.insert(version.hash.clone(), version);
    }

    fn last_seq(&self) -> i64 {
        self.loads.last().map(|l| l.seq).unwrap_or(0)
    }

    /// Forgets the versions that are not current and that no request holds: an enrollment on one reads it again from
    /// the database when it next asks ([`Registry::get`]), so a server does not keep every version loaded (each
    /// publish in the carriers' console is one) for as long as it runs.
    fn forget_unused(&mut self) {
        let current = self.current.hash.clone();
        self.by_hash.retain(|hash, version| *hash == current || Arc::strong_count(version) > 1);
    }
}

/// The versions this server has read, and the current one.
pub struct Registry {
    known: RwLock<Known>,
}

impl Registry {
    /// At a server's start: the files of `dir` are loaded when they are a version never stored (a change made while no
    /// server ran; a replica started with older files does not bring them back), and the newest load's version is
    /// current. Files the checker refuses are logged with its messages and the newest stored version is served; with
    /// none stored, the server does not start.
    pub async fn start(db: &Db, dir: &std::path::Path) -> anyhow::Result<Registry> {
        let shown = dir.display().to_string();
        let loaded = match Bundle::read_dir(dir) {
            Ok(bundle) => match with_published(db, &bundle).await {
                Ok((merged, _)) if crate::store::workflow::is_stored(db, &digest(&merged)).await? => Ok(None),
                Ok(_) => {
                    load(db, &bundle, &shown, "server start (workflows directory)", InFlight::Stay).await.map(Some)
                }
                Err(error) => Err(error),
            },
            Err(error) => Err(LoadError::Invalid(error)),
        };
        match loaded {
            Ok(Some(loaded)) => {
                tracing::info!(version = short(&loaded.hash), "the workflows directory is a new version")
            }
            Ok(None) => {}
            // Another server starting with the same files loaded them first.
            Err(LoadError::Overtaken) => {}
            Err(LoadError::Database(error)) => return Err(error.into()),
            Err(LoadError::Invalid(error)) => {
                if crate::store::workflow::newest(db).await?.is_none() {
                    return Err(anyhow::anyhow!(error).context("workflows are not valid"));
                }
                tracing::error!(%error, "the workflows directory is not valid; the newest stored version is served");
            }
        }
        let newest = crate::store::workflow::newest(db).await?.ok_or_else(|| anyhow::anyhow!("no workflow version"))?;
        let current = Arc::new(
            parsed(&newest.hash, &newest.files).map_err(|e| anyhow::anyhow!(e).context("workflows are not valid"))?,
        );
        crate::store::workflow::pin_unpinned(db, &current.hash).await?;
        let mut loads: Vec<Load> = crate::store::workflow::history(db)
            .await?
            .into_iter()
            .map(|row| Load {
                seq: row.seq,
                in_flight: InFlight::parse(&row.in_flight).unwrap_or(InFlight::Stay),
                hash: row.hash,
            })
            .collect();
        loads.sort_by_key(|l| l.seq);
        Ok(Registry {
            known: RwLock::new(Known {
                by_hash: HashMap::from([(current.hash.clone(), current.clone())]),
                current,
                loads,
            }),
        })
    }

    /// The newest load's version: what a new enrollment answers, and what pages without an enrollment show.
    pub fn current(&self) -> Arc<Version> {
        self.known.read().expect("not poisoned").current.clone()
    }

    /// Reads the loads recorded since the last read; the newest whose version passes this server's checker becomes
    /// current. One that does not (stored by a newer server, say) is logged and skipped: the last good version stays.
    pub async fn refresh(&self, db: &Db) -> Result<(), sqlx::Error> {
        let last = self.known.read().expect("not poisoned").last_seq();
        for row in crate::store::workflow::loads_after(db, last).await? {
            let known_version = self.known.read().expect("not poisoned").by_hash.get(&row.hash).cloned();
            let version = match known_version {
                Some(version) => Ok(version),
                None => parsed(&row.hash, &row.files).map(Arc::new),
            };
            let mut known = self.known.write().expect("not poisoned");
            let in_flight = InFlight::parse(&row.in_flight).unwrap_or(InFlight::Stay);
            match version {
                Ok(version) => {
                    tracing::info!(version = short(&version.hash), seq = row.seq, "a workflow version is current");
                    known.keep(version.clone());
                    known.current = version;
                    known.forget_unused();
                    known.loads.push(Load { seq: row.seq, hash: row.hash, in_flight });
                }
                Err(error) => {
                    tracing::error!(
                        %error, version = short(&row.hash),
                        "a loaded workflow version cannot be used by this server; the current one stays"
                    );
                    // Remembered as read, not as a load: it moves no enrollment and is not current here.
                    known.loads.push(Load { seq: row.seq, hash: String::new(), in_flight: InFlight::Stay });
                }
            }
        }
        Ok(())
    }

    /// A version by its digest, read from the database the first time it is asked for.
    pub async fn get(&self, db: &Db, hash: &str) -> anyhow::Result<Arc<Version>> {
        if let Some(version) = self.known.read().expect("not poisoned").by_hash.get(hash) {
            return Ok(version.clone());
        }
        let row = crate::store::workflow::newest_of(db, hash)
            .await?
            .ok_or_else(|| anyhow::anyhow!("workflow version {hash} is not stored"))?;
        let version = Arc::new(parsed(&row.hash, &row.files)?);
        self.known.write().expect("not poisoned").keep(version.clone());
        Ok(version)
    }

    /// The version an enrollment on `pinned` moves to: the current one, when it is another and a load after the
    /// newest load of `pinned` said that enrollments in flight move. A submitted application never moves.
    pub fn moves_to(&self, pinned: &str, submitted: bool) -> Option<Arc<Version>> {
        let known = self.known.read().expect("not poisoned");
        if submitted || known.current.hash == pinned {
            return None;
        }
        let since = known.loads.iter().rev().find(|l| l.hash == pinned).map(|l| l.seq).unwrap_or(0);
        let moved = known.loads.iter().any(|l| l.seq > since && l.in_flight == InFlight::Move);
        moved.then(|| known.current.clone())
    }
}
