//! The enrollment lifecycle: shopping, checked out (in the wizard at a tab), submitted.
//!
//! ```text
//!   shopping --Checkout{nav}--> checked_out::at_tab(nav[0])
//!   at_tab(t) --Saved(t)--> at_tab(next of t) | at_tab(review) when returning to review
//!   at_tab(t) --Back(t)--> at_tab(previous of t) | at_tab(t) when t is the first tab (the api shows the cart)
//!   checked_out --Checkout{same nav}--> where it was | --Checkout{other nav}--> at_tab(nav[0])
//!   checked_out --CartChanged--> shopping
//!   at_tab(review) --Edit(t)--> at_tab(t, returning to review)
//!   at_tab(review) --Submit--> submitted
//! ```
//!
//! States are compiled in, so the data-defined tabs are a value inside the `at_tab` state rather than a state each.
//! The machine is blocking (sync) and serialisable: the api loads it from the database, hands it one event, and
//! stores it again; it never awaits. An event the current state does not accept leaves the state unchanged and
//! records why in [`Lifecycle::rejection`], which the api answers as 409.

use serde::{Deserialize, Serialize};
use statig::prelude::*;

use crate::tabs::TabName;

/// Shared storage of the machine: the navigation fixed at checkout and how far the person has got.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lifecycle {
    /// Required tabs in order, computed when the cart was checked out.
    pub nav: Vec<TabName>,
    /// Index in `nav` of the furthest tab reached; tabs up to it may be revisited.
    pub furthest: usize,
    /// Why the last event was refused, if it was.
    #[serde(skip)]
    pub rejection: Option<Rejection>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rejection {
    NotCheckedOut,
    AlreadySubmitted,
    TabNotReached,
    NotOnReview,
    EmptyNavigation,
}

impl Rejection {
    pub fn message(self) -> &'static str {
        match self {
            Rejection::NotCheckedOut => "Please check out your cart before starting the enrollment",
            Rejection::AlreadySubmitted => "This enrollment has already been submitted",
            Rejection::TabNotReached => "Please complete the earlier steps first",
            Rejection::NotOnReview => "Details can be edited from the review step only",
            Rejection::EmptyNavigation => "This enrollment has no steps to complete",
        }
    }
}

#[derive(Debug, Clone)]
pub enum Event {
    /// The cart was checked out; the wizard will walk `nav`.
    Checkout { nav: Vec<TabName> },
    /// The person opens a tab already reached.
    Visit(TabName),
    /// The tab was saved successfully.
    Saved(TabName),
    /// Back from the tab.
    Back(TabName),
    /// Edit Details on the review step for the tab.
    Edit(TabName),
    /// The review was confirmed.
    Submit,
    /// A plan was added to or removed from the cart: the wizard must be checked out again.
    CartChanged,
}

#[state_machine(
    initial = "State::shopping()",
    state(derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)),
    superstate(derive(Debug))
)]
impl Lifecycle {
    /// Filling the cart. Checkout opens the wizard at its first tab.
    #[state]
    fn shopping(&mut self, event: &Event) -> Outcome<State> {
        match event {
            Event::Checkout { nav } => self.start(nav),
            Event::CartChanged => Handled,
            _ => self.reject(Rejection::NotCheckedOut),
        }
    }

    /// In the wizard at `tab`; `return_to_review` is the spec's navto marker set by Edit Details.
    #[state(superstate = "checked_out")]
    fn at_tab(&mut self, tab: &mut TabName, return_to_review: &mut bool, event: &Event) -> Outcome<State> {
        match event {
            Event::Visit(target) => match self.index(*target) {
                Some(i) if i <= self.furthest => {
                    Transition(State::at_tab(*target, *return_to_review && *target == *tab))
                }
                _ => self.reject(Rejection::TabNotReached),
            },
            Event::Saved(saved) => match self.index(*saved) {
                Some(i) if i <= self.furthest => {
                    let review = self.nav.last().copied().unwrap_or(TabName::ReviewInfo);
                    let next = if *return_to_review && *saved == *tab {
                        review
                    } else {
                        self.nav.get(i + 1).copied().unwrap_or(review)
                    };
                    self.reach(next);
                    Transition(State::at_tab(next, false))
                }
                _ => self.reject(Rejection::TabNotReached),
            },
            Event::Back(from) => match self.index(*from) {
                // Back from the first step goes to the cart, which shows what was checked out: the checkout holds,
                // and the wizard reopens here.
                Some(0) => Handled,
                Some(i) if i <= self.furthest => Transition(State::at_tab(self.nav[i - 1], false)),
                _ => self.reject(Rejection::TabNotReached),
            },
            Event::Edit(target) => match self.index(*target) {
                _ if *tab != TabName::ReviewInfo => self.reject(Rejection::NotOnReview),
                Some(i) if i <= self.furthest => Transition(State::at_tab(*target, true)),
                _ => self.reject(Rejection::TabNotReached),
            },
            Event::Submit if *tab == TabName::ReviewInfo => Transition(State::submitted()),
            Event::Submit => self.reject(Rejection::TabNotReached),
            Event::Checkout { .. } | Event::CartChanged => Super,
        }
    }

    /// Checked out: checking out again with the same steps goes on where the person was; with other steps (the cart
    /// now asks for others) it restarts the wizard with the new navigation.
    #[superstate]
    fn checked_out(&mut self, event: &Event) -> Outcome<State> {
        match event {
            Event::Checkout { nav } if *nav == self.nav => Handled,
            Event::Checkout { nav } => self.start(nav),
            Event::CartChanged => Transition(State::shopping()),
            _ => Handled,
        }
    }

    /// Submitted: nothing changes any more.
    #[state]
    fn submitted(&mut self) -> Outcome<State> {
        self.reject(Rejection::AlreadySubmitted)
    }
}

impl Lifecycle {
    fn start(&mut self, nav: &[TabName]) -> Outcome<State> {
        let Some(first) = nav.first() else {
            return self.reject(Rejection::EmptyNavigation);
        };
        self.nav = nav.to_vec();
        self.furthest = 0;
        Transition(State::at_tab(*first, false))
    }

    fn reject(&mut self, why: Rejection) -> Outcome<State> {
        self.rejection = Some(why);
        Handled
    }

    fn index(&self, tab: TabName) -> Option<usize> {
        self.nav.iter().position(|t| *t == tab)
    }

    fn reach(&mut self, tab: TabName) {
        if let Some(i) = self.index(tab) {
            self.furthest = self.furthest.max(i);
        }
    }
}

/// A persisted lifecycle: the machine plus a convenient, checked way to feed it one event.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EnrollmentLifecycle(StateMachine<Lifecycle>);

impl std::fmt::Debug for EnrollmentLifecycle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EnrollmentLifecycle")
            .field("state", self.state())
            .field("nav", &self.nav())
            .field("furthest", &self.furthest())
            .finish()
    }
}

impl Default for EnrollmentLifecycle {
    fn default() -> Self {
        Self(Lifecycle::default().state_machine())
    }
}

impl EnrollmentLifecycle {
    /// Handles one event; an event the state refuses changes nothing and answers why.
    pub fn handle(&mut self, event: Event) -> Result<(), Rejection> {
        let before = self.clone();
        self.0.handle(&event);
        // `rejection` is not persisted; take it out so a stored machine never carries a stale one.
        let rejection = self.0.inner().rejection;
        if let Some(why) = rejection {
            *self = before;
            return Err(why);
        }
        Ok(())
    }

    pub fn state(&self) -> &State {
        self.0.state()
    }

    pub fn nav(&self) -> &[TabName] {
        &self.0.inner().nav
    }

    /// Index of the furthest tab reached.
    pub fn furthest(&self) -> usize {
        self.0.inner().furthest
    }

    /// The tab the wizard is at, if it is at one.
    pub fn current_tab(&self) -> Option<TabName> {
        match self.state() {
            State::AtTab { tab, .. } => Some(*tab),
            _ => None,
        }
    }

    pub fn is_submitted(&self) -> bool {
        matches!(self.state(), State::Submitted {})
    }

    pub fn is_shopping(&self) -> bool {
        matches!(self.state(), State::Shopping {})
    }

    /// True when Edit Details set the return marker for the current tab.
    pub fn returns_to_review(&self) -> bool {
        matches!(self.state(), State::AtTab { return_to_review: true, .. })
    }
}
