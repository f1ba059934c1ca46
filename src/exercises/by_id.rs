//! Values by question id, in id order: a vector sorted by id, searched by
//! halves. The stored progress is the one user: a few hundred records at
//! most, read and written a record at a time. `BTreeMap`'s code for the
//! progress's three maps and its try sets was 30 KB of the exercises'
//! wasm (before gzip); this is one small type.

/// `(id, value)` pairs, ids distinct and ascending.
#[derive(Clone, Debug, PartialEq)]
pub struct ById<V>(Vec<(String, V)>);

impl<V> Default for ById<V> {
    fn default() -> Self {
        ById(Vec::new())
    }
}

impl<V> ById<V> {
    fn find(&self, id: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(id))
    }

    pub fn get(&self, id: &str) -> Option<&V> {
        self.find(id).ok().map(|i| &self.0[i].1)
    }

    pub fn get_mut(&mut self, id: &str) -> Option<&mut V> {
        self.find(id).ok().map(|i| &mut self.0[i].1)
    }

    pub fn contains(&self, id: &str) -> bool {
        self.find(id).is_ok()
    }

    /// Sets `id`'s value; the one it had.
    pub fn insert(&mut self, id: String, v: V) -> Option<V> {
        match self.find(&id) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, v)),
            Err(i) => {
                self.0.insert(i, (id, v));
                None
            }
        }
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&String, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    pub fn ids(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|(k, _)| k)
    }

    /// Keeps the values `keep` says yes to (it may change them).
    pub fn retain(&mut self, mut keep: impl FnMut(&mut V) -> bool) {
        self.0.retain_mut(|(_, v)| keep(v));
    }
}

impl<V> IntoIterator for ById<V> {
    type Item = (String, V);
    type IntoIter = std::vec::IntoIter<(String, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}
