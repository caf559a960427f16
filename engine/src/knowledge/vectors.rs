//! Cosine similarity search over stored chunk vectors.
//!
//! Vectors are normalised once when added and kept in one flat array, so a search is one dot
//! product per chunk over contiguous memory (eight lanes at a time, which the compiler turns
//! into SIMD where the target has it) and a small top-k list.

use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VectorError {
    #[error("A vector has {got} dimensions where this knowledge base uses {expected}.")]
    Dimension { expected: usize, got: usize },
    #[error("A vector holds a value that is not a finite number.")]
    NotFinite,
}

impl crate::i18n::Explain for VectorError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::Dimension { expected, got } => phrase("error-vector-dimension")
                .with("got", got)
                .with("expected", expected),
            Self::NotFinite => phrase("error-vector-not-finite"),
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct VectorIndex {
    dimension: usize,
    /// Normalised vectors, one after another.
    data: Vec<f32>,
}

impl VectorIndex {
    pub fn new(dimension: usize) -> Self {
        Self {
            dimension,
            data: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.data.len().checked_div(self.dimension).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The stored (normalised) vector at `position`.
    pub fn row(&self, position: usize) -> Option<&[f32]> {
        let start = position.checked_mul(self.dimension)?;
        self.data.get(start..start + self.dimension)
    }

    /// Adds a vector; it gets the next position. A zero vector is kept (it matches nothing).
    pub fn push(&mut self, vector: &[f32]) -> Result<(), VectorError> {
        let normal = normalised(vector, self.dimension)?;
        self.data.extend_from_slice(&normal);
        Ok(())
    }

    /// The `k` vectors most similar to `query`, best first, as (position, cosine similarity).
    pub fn search(&self, query: &[f32], k: usize) -> Result<Vec<(usize, f32)>, VectorError> {
        let query = normalised(query, self.dimension)?;
        if k == 0 || self.dimension == 0 {
            return Ok(Vec::new());
        }
        let mut best = TopK::new(k);
        for (position, row) in self.data.chunks_exact(self.dimension).enumerate() {
            best.offer(position, dot(row, &query));
        }
        Ok(best.into_sorted())
    }
}

fn normalised(vector: &[f32], dimension: usize) -> Result<Vec<f32>, VectorError> {
    if vector.len() != dimension {
        return Err(VectorError::Dimension {
            expected: dimension,
            got: vector.len(),
        });
    }
    if vector.iter().any(|v| !v.is_finite()) {
        return Err(VectorError::NotFinite);
    }
    let norm = dot(vector, vector).sqrt();
    if norm == 0.0 || !norm.is_finite() {
        return Ok(vec![0.0; dimension]);
    }
    Ok(vector.iter().map(|v| v / norm).collect())
}

/// The dot product, eight lanes at a time.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (a_main, a_rest) = a.split_at(a.len() - a.len() % 8);
    let (b_main, b_rest) = b.split_at(a_main.len().min(b.len()));
    for (x, y) in a_main.chunks_exact(8).zip(b_main.chunks_exact(8)) {
        for lane in 0..8 {
            lanes[lane] += x[lane] * y[lane];
        }
    }
    let rest: f32 = a_rest.iter().zip(b_rest).map(|(x, y)| x * y).sum();
    lanes.iter().sum::<f32>() + rest
}

/// The dot product with wasm SIMD, two four-lane accumulators. Written out because the
/// size-optimised release build does not vectorise loops by itself.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    use core::arch::wasm32::{f32x4, f32x4_add, f32x4_extract_lane, f32x4_mul, v128, v128_load};
    let lanes = |v: &[f32]| -> v128 {
        let four: &[f32; 4] = match v.first_chunk() {
            Some(four) => four,
            None => return f32x4(0.0, 0.0, 0.0, 0.0),
        };
        // SAFETY: `four` is a reference to four initialised f32s, 16 readable bytes;
        // `v128_load` has no alignment requirement.
        #[allow(unsafe_code)]
        unsafe {
            v128_load(four.as_ptr().cast::<v128>())
        }
    };
    let mut low = f32x4(0.0, 0.0, 0.0, 0.0);
    let mut high = low;
    let (a_main, a_rest) = a.split_at(a.len() - a.len() % 8);
    let (b_main, b_rest) = b.split_at(a_main.len().min(b.len()));
    for (x, y) in a_main.chunks_exact(8).zip(b_main.chunks_exact(8)) {
        low = f32x4_add(low, f32x4_mul(lanes(&x[..4]), lanes(&y[..4])));
        high = f32x4_add(high, f32x4_mul(lanes(&x[4..]), lanes(&y[4..])));
    }
    let sum = f32x4_add(low, high);
    let rest: f32 = a_rest.iter().zip(b_rest).map(|(x, y)| x * y).sum();
    f32x4_extract_lane::<0>(sum)
        + f32x4_extract_lane::<1>(sum)
        + f32x4_extract_lane::<2>(sum)
        + f32x4_extract_lane::<3>(sum)
        + rest
}

/// The best `k` (position, score) pairs seen, kept sorted best first.
struct TopK {
    k: usize,
    items: Vec<(usize, f32)>,
}

impl TopK {
    fn new(k: usize) -> Self {
        Self {
            k,
            items: Vec::with_capacity(k + 1),
        }
    }

    fn offer(&mut self, position: usize, score: f32) {
        if self.items.len() == self.k && self.items.last().is_some_and(|w| w.1 >= score) {
            return;
        }
        let at = self.items.partition_point(|item| item.1 >= score);
        self.items.insert(at, (position, score));
        self.items.truncate(self.k);
    }

    fn into_sorted(self) -> Vec<(usize, f32)> {
        self.items
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_vectors_come_first_whatever_their_length() {
        let mut index = VectorIndex::new(3);
        index.push(&[1.0, 0.0, 0.0]).unwrap();
        index.push(&[0.0, 10.0, 0.0]).unwrap();
        index.push(&[0.7, 0.7, 0.0]).unwrap();
        index.push(&[0.0, 0.0, 0.0]).unwrap();
        let hits = index.search(&[0.0, 2.0, 0.1], 3).unwrap();
        assert_eq!(hits.iter().map(|h| h.0).collect::<Vec<_>>(), [1, 2, 0]);
        assert!((hits[0].1 - 0.99875).abs() < 1e-4, "{hits:?}");
        assert_eq!(index.len(), 4);
    }

    #[test]
    fn wrong_dimensions_and_bad_numbers_are_errors() {
        let mut index = VectorIndex::new(2);
        assert_eq!(
            index.push(&[1.0]),
            Err(VectorError::Dimension {
                expected: 2,
                got: 1
            })
        );
        assert_eq!(index.push(&[f32::NAN, 1.0]), Err(VectorError::NotFinite));
        assert!(index.search(&[1.0, 2.0, 3.0], 5).is_err());
        assert!(index.is_empty());
    }

    #[test]
    fn top_k_matches_a_full_sort_on_many_vectors() {
        // A deterministic spread of 2,000 vectors of 37 dimensions (not a multiple of 8).
        let dimension = 37;
        let vector = |seed: usize| -> Vec<f32> {
            (0..dimension)
                .map(|i| (((seed * 7_919 + i * 104_729) % 1_000) as f32 / 500.0) - 1.0)
                .collect()
        };
        let mut index = VectorIndex::new(dimension);
        for seed in 0..2_000 {
            index.push(&vector(seed)).unwrap();
        }
        let query = vector(123_456);
        let top = index.search(&query, 10).unwrap();
        let mut all: Vec<(usize, f32)> = (0..2_000)
            .map(|seed| {
                let v = normalised(&vector(seed), dimension).unwrap();
                let q = normalised(&query, dimension).unwrap();
                (seed, v.iter().zip(&q).map(|(a, b)| a * b).sum::<f32>())
            })
            .collect();
        all.sort_by(|a, b| b.1.total_cmp(&a.1));
        let expected: Vec<usize> = all[..10].iter().map(|h| h.0).collect();
        assert_eq!(top.iter().map(|h| h.0).collect::<Vec<_>>(), expected);
    }
}
