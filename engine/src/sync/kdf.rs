//! Argon2id (RFC 9106, version 0x13) that gives the thread back while it works: deriving the
//! sync keys fills 19 MiB twice, about a second in a browser, which would be one long task on
//! the page's only thread. Here the memory is filled in steps of [`STEP_BLOCKS`] blocks with an
//! `.await` on the caller's pause between them, so the page stays responsive (the platform's
//! pause is `scheduler.yield()`). The output is Argon2id's, checked against the `argon2` crate in
//! the tests below.

use blake2::digest::{Update, VariableOutput};
use blake2::{Blake2b512, Blake2bVar, Digest};
use std::future::Future;

/// 1 KiB blocks of 128 words.
const WORDS: usize = 128;
type Block = [u64; WORDS];
const SLICES: u32 = 4;
const VERSION: u32 = 0x13;
const ARGON2ID: u32 = 2;
/// Blocks filled between two pauses: about 15 ms of work in a browser.
pub const STEP_BLOCKS: u32 = 512;

/// The cost: memory in KiB, passes, lanes (all checked by the caller).
#[derive(Debug, Clone, Copy)]
pub struct Cost {
    pub memory_kib: u32,
    pub passes: u32,
    pub lanes: u32,
}

/// Argon2id of `password` with `salt`, `out.len()` bytes, pausing every [`STEP_BLOCKS`] blocks.
pub async fn argon2id<F, P>(password: &[u8], salt: &[u8], cost: Cost, out: &mut [u8], mut pause: P)
where
    P: FnMut() -> F,
    F: Future<Output = ()>,
{
    let lanes = cost.lanes.max(1);
    let memory = (cost.memory_kib.max(8 * lanes) / (SLICES * lanes)) * SLICES * lanes;
    let columns = memory / lanes;
    let segment = columns / SLICES;
    let mut h0 = Blake2b512::new();
    for word in [
        lanes,
        out.len() as u32,
        cost.memory_kib,
        cost.passes,
        VERSION,
        ARGON2ID,
    ] {
        Digest::update(&mut h0, word.to_le_bytes());
    }
    for part in [password, salt, &[], &[]] {
        Digest::update(&mut h0, (part.len() as u32).to_le_bytes());
        Digest::update(&mut h0, part);
    }
    let h0 = h0.finalize();
    let mut blocks: Vec<Block> = vec![[0; WORDS]; memory as usize];
    for lane in 0..lanes {
        for column in 0..2u32 {
            let mut seed = h0.to_vec();
            seed.extend(column.to_le_bytes());
            seed.extend(lane.to_le_bytes());
            let mut bytes = [0u8; 1024];
            long_hash(&seed, &mut bytes);
            blocks[(lane * columns + column) as usize] = from_bytes(&bytes);
        }
    }
    let shape = Shape {
        lanes,
        columns,
        segment,
        memory,
        passes: cost.passes,
    };
    let mut since_pause = 0;
    for pass in 0..cost.passes {
        for slice in 0..SLICES {
            for lane in 0..lanes {
                let mut at = Position {
                    pass,
                    lane,
                    slice,
                    index: 0,
                };
                let mut addresses = Addresses::new(&shape, &at);
                let start = if pass == 0 && slice == 0 { 2 } else { 0 };
                if let (2, Some(a)) = (start, addresses.as_mut()) {
                    // The first two blocks come from the seed: the first addresses are made
                    // before the loop, which makes them only at multiples of 128.
                    a.next();
                }
                for index in start..segment {
                    at.index = index;
                    fill_one(&mut blocks, &shape, &at, addresses.as_mut());
                    since_pause += 1;
                    if since_pause == STEP_BLOCKS {
                        since_pause = 0;
                        pause().await;
                    }
                }
            }
        }
    }
    let mut last = blocks[(columns - 1) as usize];
    for lane in 1..lanes {
        xor_into(&mut last, &blocks[(lane * columns + columns - 1) as usize]);
    }
    long_hash(&to_bytes(&last), out);
}

struct Shape {
    lanes: u32,
    columns: u32,
    segment: u32,
    memory: u32,
    passes: u32,
}

struct Position {
    pass: u32,
    lane: u32,
    slice: u32,
    index: u32,
}

/// The data-independent reference addresses of the first half of the first pass.
struct Addresses {
    input: Block,
    block: Block,
}

impl Addresses {
    fn new(shape: &Shape, at: &Position) -> Option<Self> {
        if at.pass != 0 || at.slice >= SLICES / 2 {
            return None;
        }
        let mut input = [0; WORDS];
        input[..6].copy_from_slice(&[
            u64::from(at.pass),
            u64::from(at.lane),
            u64::from(at.slice),
            u64::from(shape.memory),
            u64::from(shape.passes),
            u64::from(ARGON2ID),
        ]);
        Some(Self {
            input,
            block: [0; WORDS],
        })
    }

    fn next(&mut self) {
        self.input[6] += 1;
        let zero = [0; WORDS];
        let first = compress(&zero, &self.input);
        self.block = compress(&zero, &first);
    }
}

fn fill_one(blocks: &mut [Block], shape: &Shape, at: &Position, addresses: Option<&mut Addresses>) {
    let column = at.slice * shape.segment + at.index;
    let current = (at.lane * shape.columns + column) as usize;
    let previous = if column == 0 {
        current + shape.columns as usize - 1
    } else {
        current - 1
    };
    let random = match addresses {
        Some(a) => {
            if at.index.is_multiple_of(WORDS as u32) {
                a.next();
            }
            a.block[at.index as usize % WORDS]
        }
        None => blocks[previous][0],
    };
    let ref_lane = if at.pass == 0 && at.slice == 0 {
        at.lane
    } else {
        ((random >> 32) % u64::from(shape.lanes)) as u32
    };
    let ref_column = reference_column(shape, at, random as u32, ref_lane == at.lane);
    let reference = (ref_lane * shape.columns + ref_column) as usize;
    let mut next = compress(&blocks[previous], &blocks[reference]);
    if at.pass > 0 {
        xor_into(&mut next, &blocks[current]);
    }
    blocks[current] = next;
}

/// RFC 9106 §3.4.1.1: which earlier block of the reference lane to mix in.
fn reference_column(shape: &Shape, at: &Position, random: u32, same_lane: bool) -> u32 {
    let finished = if at.pass == 0 {
        at.slice * shape.segment
    } else {
        shape.columns - shape.segment
    };
    let area = if same_lane {
        finished + at.index - 1
    } else {
        finished - u32::from(at.index == 0)
    };
    let x = (u64::from(random) * u64::from(random)) >> 32;
    let relative = u64::from(area) - 1 - ((u64::from(area) * x) >> 32);
    let start = if at.pass == 0 || at.slice == SLICES - 1 {
        0
    } else {
        (at.slice + 1) * shape.segment
    };
    ((u64::from(start) + relative) % u64::from(shape.columns)) as u32
}

/// The compression function G: BlaMka rounds over the rows, then the columns.
fn compress(x: &Block, y: &Block) -> Block {
    let mut r = *x;
    xor_into(&mut r, y);
    let mut q = r;
    for i in &LINES {
        round(&mut q, i);
    }
    xor_into(&mut q, &r);
    q
}

/// The words each BlaMka round works on: the eight rows of 16, then the eight columns of
/// 16 (pairs of words down the rows).
const LINES: [[usize; 16]; 16] = lines();

const fn lines() -> [[usize; 16]; 16] {
    let mut lines = [[0; 16]; 16];
    let mut n = 0;
    while n < 8 {
        let mut k = 0;
        while k < 16 {
            lines[n][k] = 16 * n + k;
            lines[8 + n][k] = 2 * n + (k / 2) * 16 + k % 2;
            k += 1;
        }
        n += 1;
    }
    lines
}

fn round(v: &mut Block, i: &[usize; 16]) {
    for [a, b, c, d] in [
        [0, 4, 8, 12],
        [1, 5, 9, 13],
        [2, 6, 10, 14],
        [3, 7, 11, 15],
        [0, 5, 10, 15],
        [1, 6, 11, 12],
        [2, 7, 8, 13],
        [3, 4, 9, 14],
    ] {
        mix(v, i[a], i[b], i[c], i[d]);
    }
}

fn mix(v: &mut Block, a: usize, b: usize, c: usize, d: usize) {
    fn blamka(x: u64, y: u64) -> u64 {
        let low = u64::from(x as u32) * u64::from(y as u32);
        x.wrapping_add(y).wrapping_add(low.wrapping_mul(2))
    }
    v[a] = blamka(v[a], v[b]);
    v[d] = (v[d] ^ v[a]).rotate_right(32);
    v[c] = blamka(v[c], v[d]);
    v[b] = (v[b] ^ v[c]).rotate_right(24);
    v[a] = blamka(v[a], v[b]);
    v[d] = (v[d] ^ v[a]).rotate_right(16);
    v[c] = blamka(v[c], v[d]);
    v[b] = (v[b] ^ v[c]).rotate_right(63);
}

fn xor_into(into: &mut Block, other: &Block) {
    for (a, b) in into.iter_mut().zip(other) {
        *a ^= b;
    }
}

/// H′, the variable-length hash.
fn long_hash(input: &[u8], out: &mut [u8]) {
    let length = (out.len() as u32).to_le_bytes();
    if out.len() <= 64 {
        blake2b_var(&[&length, input], out);
        return;
    }
    let mut v = [0u8; 64];
    blake2b_var(&[&length, input], &mut v);
    out[..32].copy_from_slice(&v[..32]);
    let mut written = 32;
    while out.len() - written > 64 {
        let previous = v;
        blake2b_var(&[&previous], &mut v);
        out[written..written + 32].copy_from_slice(&v[..32]);
        written += 32;
    }
    blake2b_var(&[&v], &mut out[written..]);
}

fn blake2b_var(parts: &[&[u8]], out: &mut [u8]) {
    // Lengths are 1 to 64 here, which BLAKE2b takes.
    let Ok(mut hash) = Blake2bVar::new(out.len()) else {
        return;
    };
    for part in parts {
        hash.update(part);
    }
    let _ = hash.finalize_variable(out);
}

fn from_bytes(bytes: &[u8; 1024]) -> Block {
    std::array::from_fn(|i| {
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[8 * i..8 * i + 8]);
        u64::from_le_bytes(word)
    })
}

fn to_bytes(block: &Block) -> Vec<u8> {
    block.iter().flat_map(|w| w.to_le_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_executor::block_on;
    use std::cell::Cell;

    fn reference(password: &[u8], salt: &[u8], cost: Cost, len: usize) -> Vec<u8> {
        let params =
            argon2::Params::new(cost.memory_kib, cost.passes, cost.lanes, Some(len)).unwrap();
        let argon =
            argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params);
        let mut out = vec![0u8; len];
        argon.hash_password_into(password, salt, &mut out).unwrap();
        out
    }

    #[test]
    fn the_output_is_argon2id_for_every_shape_of_cost() {
        for (memory_kib, passes, lanes, len) in [
            (64, 1, 1, 64),
            (256, 2, 1, 64),
            (512, 3, 2, 32),
            (1000, 2, 4, 64),
            (2048, 1, 1, 100),
            (33, 1, 4, 16),
        ] {
            let cost = Cost {
                memory_kib,
                passes,
                lanes,
            };
            let mut out = vec![0u8; len];
            block_on(argon2id(
                b"correct horse",
                b"salt of sixteen!",
                cost,
                &mut out,
                || async {},
            ));
            assert_eq!(
                out,
                reference(b"correct horse", b"salt of sixteen!", cost, len),
                "{cost:?}, {len} bytes"
            );
        }
    }

    #[test]
    fn it_pauses_every_step() {
        let pauses = Cell::new(0u32);
        let cost = Cost {
            memory_kib: 4096,
            passes: 2,
            lanes: 1,
        };
        let mut out = [0u8; 64];
        block_on(argon2id(b"pw", b"saltsaltsaltsalt", cost, &mut out, || {
            pauses.set(pauses.get() + 1);
            async {}
        }));
        // 8192 blocks filled, less the two of each lane made from the seed.
        assert_eq!(pauses.get(), (2 * 4096 - 2) / STEP_BLOCKS);
    }
}
