//! What a copied event bundle's PIN hash costs whoever tries every PIN (issue 37, finding 3):
//! one Argon2id guess at the station's cost (`PIN_M_KIB`, `PIN_T`) against one at the cost the
//! bundles carried before (the argon2 crate's default, 19 MiB and 2 passes), timed in the same
//! run, and what that makes a search of every 4- and every 8-digit PIN on one core and on 16.
//! The same guess is what a director waits for at the station's PIN screen.
//!
//! Run: `cargo bench --bench pin` (figures in docs/history/reliability.md §14).

use std::time::{Duration, Instant};

use argon2::password_hash::{PasswordHasher, SaltString};

const ROUNDS: usize = 15;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn one_guess(argon: &argon2::Argon2, salt: &SaltString, pin: &str) -> Duration {
    let start = Instant::now();
    let hash = argon.hash_password(pin.as_bytes(), salt).expect("hash");
    std::hint::black_box(hash);
    start.elapsed()
}

fn main() {
    let salt = SaltString::encode_b64(&[7u8; 16]).expect("salt");
    let before = argon2::Argon2::default();
    let now = argon2::Argon2::new(
        argon2::Algorithm::Argon2id,
        argon2::Version::V0x13,
        argon2::Params::new(
            wordjudge::config::PIN_M_KIB,
            wordjudge::config::PIN_T,
            1,
            None,
        )
        .expect("params"),
    );
    // The station's own check of a typed PIN, through the code it runs.
    let hash = wordjudge::config::PinHash::new("24681357").expect("hash");
    let (mut b, mut n, mut check) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..ROUNDS {
        let pin = format!("{:08}", 31_415_926 + i);
        b.push(one_guess(&before, &salt, &pin));
        n.push(one_guess(&now, &salt, &pin));
        let start = Instant::now();
        std::hint::black_box(hash.matches(&pin));
        check.push(start.elapsed());
    }
    let (b, n, check) = (median(b), median(n), median(check));
    println!("one guess, median of {ROUNDS} (interleaved):");
    println!("  before (19 MiB, t=2): {:.1} ms", b.as_secs_f64() * 1e3);
    println!(
        "  now ({} MiB, t={}): {:.1} ms ({:.1}x); the station's PIN check: {:.1} ms",
        wordjudge::config::PIN_M_KIB / 1024,
        wordjudge::config::PIN_T,
        n.as_secs_f64() * 1e3,
        n.as_secs_f64() / b.as_secs_f64(),
        check.as_secs_f64() * 1e3
    );
    let search = |per: Duration, pins: f64, cores: f64| per.as_secs_f64() * pins / cores;
    for (label, per) in [("before", b), ("now", n)] {
        println!(
            "  {label}: every 4-digit PIN on 1 core {:.0} s; every 8-digit PIN on 16 cores {:.1} days",
            search(per, 1e4, 1.0),
            search(per, 1e8, 16.0) / 86_400.0
        );
    }
}
