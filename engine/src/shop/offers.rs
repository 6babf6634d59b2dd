//! The offers open now: those whose condition holds and that were not answered yet.

use crate::context::EnrollmentContext;
use crate::shop::Offer;

/// The offers of `list` that may be made now, in order: their condition holds and none was answered already.
pub fn open_offers<'s>(list: &'s [Offer], ctx: &EnrollmentContext, answered: &[String]) -> Vec<&'s Offer> {
    list.iter().filter(|o| o.when.holds(ctx) && !answered.contains(&o.id)).collect()
}
