//! [`AreaPath`]: the areas a move or an HQ activation enters, in order, stored inline
//! (performance: the Command segment lists about 1,000 moves per step, and a heap `Vec` per
//! path made allocation a third of random play's time).
//!
//! It reads and writes as a sequence of areas, exactly as the `Vec<AreaId>` it replaced (saves
//! and the engine protocol are unchanged), and dereferences to `[AreaId]`.

use crate::board::AreaId;
use crate::data::Speed;
use eastfront_kernel::SpaceId;
use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

/// The most areas a path holds: the longest legal path. Every area entered costs at least
/// 1 MP (R 2.6, T2) and no block has more than a Fast block's 5 MP (R 4.2.1; RO 14.7
/// infantry divisions 4; Exploitation, Pass and activation moves use the same allowance).
pub const MAX_PATH: usize = Speed::Fast.mp() as usize;

const _: () = assert!(Speed::Slow.mp() as usize <= MAX_PATH && 4 <= MAX_PATH);

/// The areas a block enters, in order: at most [`MAX_PATH`], inline. Build it with
/// `From<Vec<AreaId>>`, `From<&[AreaId]>`, `From<[AreaId; K]>`, `collect()` or
/// [`AreaPath::push`] (each panics past [`MAX_PATH`], which no legal path reaches; use
/// [`AreaPath::try_from_slice`] for untrusted input). Deserializing a longer sequence is an
/// error, not a panic.
#[derive(Clone, Copy)]
pub struct AreaPath {
    len: u8,
    /// `areas[..len]` is the path; the rest stays `SpaceId(0)`.
    areas: [AreaId; MAX_PATH],
}

/// A path longer than [`MAX_PATH`] areas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathTooLong(pub usize);

impl fmt::Display for PathTooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a path of {} areas: no block can enter more than {MAX_PATH} areas in one move \
             (R 4.2.1, R 10.8)",
            self.0
        )
    }
}

impl std::error::Error for PathTooLong {}

impl AreaPath {
    /// The empty path (an HQ activated where it stands).
    pub const fn new() -> Self {
        AreaPath {
            len: 0,
            areas: [SpaceId(0); MAX_PATH],
        }
    }

    /// The path, or [`PathTooLong`] past [`MAX_PATH`] areas.
    pub fn try_from_slice(s: &[AreaId]) -> Result<Self, PathTooLong> {
        if s.len() > MAX_PATH {
            return Err(PathTooLong(s.len()));
        }
        let mut p = AreaPath::new();
        p.areas[..s.len()].copy_from_slice(s);
        p.len = s.len() as u8;
        Ok(p)
    }

    /// Adds an area at the end, or [`PathTooLong`] if the path is full.
    pub fn try_push(&mut self, a: AreaId) -> Result<(), PathTooLong> {
        let n = self.len as usize;
        if n == MAX_PATH {
            return Err(PathTooLong(n + 1));
        }
        self.areas[n] = a;
        self.len += 1;
        Ok(())
    }

    /// Adds an area at the end. Panics if the path already has [`MAX_PATH`] areas.
    pub fn push(&mut self, a: AreaId) {
        self.try_push(a).unwrap_or_else(|e| panic!("{e}"));
    }

    pub fn as_slice(&self) -> &[AreaId] {
        &self.areas[..self.len as usize]
    }

    pub fn as_mut_slice(&mut self) -> &mut [AreaId] {
        &mut self.areas[..self.len as usize]
    }

    pub fn to_vec(&self) -> Vec<AreaId> {
        self.as_slice().to_vec()
    }
}

impl Default for AreaPath {
    fn default() -> Self {
        AreaPath::new()
    }
}

impl Deref for AreaPath {
    type Target = [AreaId];
    fn deref(&self) -> &[AreaId] {
        self.as_slice()
    }
}

impl DerefMut for AreaPath {
    fn deref_mut(&mut self) -> &mut [AreaId] {
        self.as_mut_slice()
    }
}

impl AsRef<[AreaId]> for AreaPath {
    fn as_ref(&self) -> &[AreaId] {
        self.as_slice()
    }
}

impl std::borrow::Borrow<[AreaId]> for AreaPath {
    fn borrow(&self) -> &[AreaId] {
        self.as_slice()
    }
}

/// Panics past [`MAX_PATH`] areas (see [`AreaPath::try_from_slice`]).
impl From<&[AreaId]> for AreaPath {
    fn from(s: &[AreaId]) -> Self {
        AreaPath::try_from_slice(s).unwrap_or_else(|e| panic!("{e}"))
    }
}

/// Panics past [`MAX_PATH`] areas.
impl From<Vec<AreaId>> for AreaPath {
    fn from(v: Vec<AreaId>) -> Self {
        AreaPath::from(v.as_slice())
    }
}

/// Panics past [`MAX_PATH`] areas.
impl From<&Vec<AreaId>> for AreaPath {
    fn from(v: &Vec<AreaId>) -> Self {
        AreaPath::from(v.as_slice())
    }
}

/// Panics past [`MAX_PATH`] areas.
impl<const K: usize> From<[AreaId; K]> for AreaPath {
    fn from(a: [AreaId; K]) -> Self {
        AreaPath::from(&a[..])
    }
}

impl From<AreaPath> for Vec<AreaId> {
    fn from(p: AreaPath) -> Self {
        p.to_vec()
    }
}

/// Panics past [`MAX_PATH`] areas.
impl FromIterator<AreaId> for AreaPath {
    fn from_iter<I: IntoIterator<Item = AreaId>>(it: I) -> Self {
        let mut p = AreaPath::new();
        for a in it {
            p.push(a);
        }
        p
    }
}

/// Panics past [`MAX_PATH`] areas.
impl Extend<AreaId> for AreaPath {
    fn extend<I: IntoIterator<Item = AreaId>>(&mut self, it: I) {
        for a in it {
            self.push(a);
        }
    }
}

impl<'a> IntoIterator for &'a AreaPath {
    type Item = &'a AreaId;
    type IntoIter = std::slice::Iter<'a, AreaId>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl IntoIterator for AreaPath {
    type Item = AreaId;
    type IntoIter = std::iter::Take<std::array::IntoIter<AreaId, MAX_PATH>>;
    fn into_iter(self) -> Self::IntoIter {
        self.areas.into_iter().take(self.len as usize)
    }
}

// Comparisons, hashing and `Debug` are the slice's, as the `Vec` they replace (the profile
// example's hashes of `{:?}` texts and any `Hash` use stay the same).

impl PartialEq for AreaPath {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for AreaPath {}

impl PartialEq<[AreaId]> for AreaPath {
    fn eq(&self, other: &[AreaId]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<&[AreaId]> for AreaPath {
    fn eq(&self, other: &&[AreaId]) -> bool {
        self.as_slice() == *other
    }
}

impl PartialEq<Vec<AreaId>> for AreaPath {
    fn eq(&self, other: &Vec<AreaId>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<const K: usize> PartialEq<[AreaId; K]> for AreaPath {
    fn eq(&self, other: &[AreaId; K]) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl PartialOrd for AreaPath {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for AreaPath {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}

impl Hash for AreaPath {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state)
    }
}

impl fmt::Debug for AreaPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_slice().fmt(f)
    }
}

impl Serialize for AreaPath {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for AreaPath {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = AreaPath;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a sequence of at most {MAX_PATH} areas")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<AreaPath, A::Error> {
                let mut p = AreaPath::new();
                while let Some(a) = seq.next_element::<AreaId>()? {
                    if p.try_push(a).is_err() {
                        let mut n = MAX_PATH + 1;
                        while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                            n += 1;
                        }
                        return Err(A::Error::custom(PathTooLong(n)));
                    }
                }
                Ok(p)
            }
        }
        d.deserialize_seq(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::DefaultHasher;

    fn paths() -> Vec<Vec<AreaId>> {
        (0..=MAX_PATH)
            .map(|n| (0..n as u16).map(|k| SpaceId(k * 37 + 3)).collect())
            .collect()
    }

    #[test]
    fn reads_and_writes_as_the_vec_it_replaced() {
        for v in paths() {
            let p = AreaPath::from(v.clone());
            assert_eq!(&*p, v.as_slice());
            let json = serde_json::to_string(&v).unwrap();
            assert_eq!(serde_json::to_string(&p).unwrap(), json);
            assert_eq!(serde_json::from_str::<AreaPath>(&json).unwrap(), p);
            let r = ron::to_string(&v).unwrap();
            assert_eq!(ron::to_string(&p).unwrap(), r);
            assert_eq!(ron::from_str::<AreaPath>(&r).unwrap(), p);
            let pretty = ron::ser::PrettyConfig::default();
            assert_eq!(
                ron::ser::to_string_pretty(&p, pretty.clone()).unwrap(),
                ron::ser::to_string_pretty(&v, pretty).unwrap()
            );
            assert_eq!(format!("{p:?}"), format!("{v:?}"));
            assert_eq!(format!("{p:#?}"), format!("{v:#?}"));
            let hash = |x: &dyn Fn(&mut DefaultHasher)| {
                let mut h = DefaultHasher::new();
                x(&mut h);
                h.finish()
            };
            assert_eq!(hash(&|h| p.hash(h)), hash(&|h| v.hash(h)));
            assert_eq!(p.iter().copied().collect::<AreaPath>(), p);
            assert_eq!(p.into_iter().collect::<Vec<_>>(), v);
        }
    }

    #[test]
    fn a_longer_path_is_refused_not_a_panic() {
        let long: Vec<AreaId> = (0..MAX_PATH as u16 + 2).map(SpaceId).collect();
        let e = serde_json::from_str::<AreaPath>(&serde_json::to_string(&long).unwrap())
            .unwrap_err()
            .to_string();
        assert!(e.contains("a path of 7 areas"), "{e}");
        assert!(ron::from_str::<AreaPath>(&ron::to_string(&long).unwrap()).is_err());
        assert_eq!(AreaPath::try_from_slice(&long), Err(PathTooLong(7)));
        let mut p = AreaPath::try_from_slice(&long[..MAX_PATH]).unwrap();
        assert_eq!(p.try_push(long[0]), Err(PathTooLong(MAX_PATH + 1)));
        // An action with a longer path is a bad request, as in the engine protocol.
        let a = format!(
            r#"{{"Move":{{"block":3,"path":{}}}}}"#,
            serde_json::to_string(&long).unwrap()
        );
        assert!(serde_json::from_str::<crate::Action>(&a).is_err());
        let ok = r#"{"Move":{"block":3,"path":[4,5]}}"#.to_string();
        assert_eq!(
            serde_json::from_str::<crate::Action>(&ok).unwrap(),
            crate::Action::Move {
                block: crate::BlockId(3),
                path: [SpaceId(4), SpaceId(5)].into()
            }
        );
    }

    #[test]
    fn an_action_stays_small() {
        assert!(std::mem::size_of::<crate::Action>() <= 16);
    }
}
