//! A card's form state: what the student has entered, restored from the
//! stored answer, and why the last submit was not graded. The kinds' card
//! components write into it ([`super::kinds`]).

use yew::prelude::*;

use crate::exercises::form::{
    fields, initial_choice, initial_design, initial_inputs, initial_picks, pick_count, Problem,
};
use crate::exercises::grade::Record;
use crate::exercises::Question;
use crate::lab::Design;

/// What the student has entered in a card's form, and why the last submit
/// was not graded.
#[derive(Clone)]
pub(super) struct Form {
    pub inputs: UseStateHandle<Vec<String>>,
    pub choice: UseStateHandle<Option<String>>,
    pub picks: UseStateHandle<Vec<Option<String>>>,
    pub design: UseStateHandle<Design>,
    pub error: UseStateHandle<Option<Problem>>,
}

/// The form's state, restored from the stored answer.
#[hook]
pub(super) fn use_form(q: &Question, record: Option<&Record>) -> Form {
    let n = fields(q).len();
    Form {
        inputs: use_state(|| initial_inputs(n, record)),
        choice: use_state(|| initial_choice(record)),
        picks: use_state(|| initial_picks(pick_count(q), record)),
        design: use_state(|| initial_design(record)),
        error: use_state(|| None::<Problem>),
    }
}
