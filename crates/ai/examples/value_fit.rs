//! Fits Moscow '41's learned value (`eastfront_ai::moscow41::learned`) to the rows the
//! `value_data` example writes: `cargo run --release -p eastfront-ai --example value_fit --
//! --data FILE[,FILE..] [--lambda L] [--out crates/ai/src/moscow41/learned_weights.rs] [--note TEXT]`
//! (`TEXT`: how the data was made, for the weights file's comment).
//! One logistic regression per scenario (ridge `L` on the standardised weights, Newton /
//! IRLS), trained on the games whose seed is not a multiple of 5 and judged on those that are
//! (held-out games, not held-out rows: rows of one game share its result). Prints the
//! held-out log-loss, Brier score and calibration of the fit, of the utility AI's evaluator
//! through the search's logistic (`Model::value` / 600, the old leaf value) and of the
//! scenario's base rate, then writes the weights (fitted on the training games) as Rust.

#![allow(clippy::needless_range_loop)]

use eastfront_ai::moscow41::learned::{scenario_index, NAMES, NF};
use std::fmt::Write as _;

struct Row {
    seed: u64,
    sc: usize,
    y: f64,
    x: [f64; NF],
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn read(files: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    for file in files.split(',') {
        let text = std::fs::read_to_string(file).expect("--data file");
        for line in text.lines() {
            let c: Vec<&str> = line.split(',').collect();
            let mut x = [0.0; NF];
            for (j, v) in c[6..6 + NF].iter().enumerate() {
                x[j] = v.parse().expect("feature");
            }
            rows.push(Row {
                seed: c[0].parse().expect("seed"),
                sc: scenario_index(c[1]),
                y: c[3].parse().expect("label"),
                x,
            });
        }
    }
    rows
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for i in 0..n {
        let p = (i..n)
            .max_by(|&r, &s| a[r][i].abs().total_cmp(&a[s][i].abs()))
            .unwrap();
        a.swap(i, p);
        b.swap(i, p);
        for r in i + 1..n {
            let f = a[r][i] / a[i][i];
            for k in i..n {
                a[r][k] -= f * a[i][k];
            }
            b[r] -= f * b[i];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|k| a[i][k] * x[k]).sum();
        x[i] = (b[i] - s) / a[i][i];
    }
    x
}

/// Ridge logistic regression by IRLS on standardised features; weights on the raw ones.
fn fit(rows: &[&Row], lambda: f64) -> [f64; NF] {
    let n = rows.len() as f64;
    let mut mean = [0.0; NF];
    let mut sd = [1.0; NF];
    for j in 1..NF {
        mean[j] = rows.iter().map(|r| r.x[j]).sum::<f64>() / n;
        let var = rows.iter().map(|r| (r.x[j] - mean[j]).powi(2)).sum::<f64>() / n;
        sd[j] = var.sqrt();
    }
    let used: Vec<usize> = (0..NF).filter(|&j| j == 0 || sd[j] > 1e-9).collect();
    let z = |r: &Row| -> Vec<f64> {
        used.iter()
            .map(|&j| {
                if j == 0 {
                    1.0
                } else {
                    (r.x[j] - mean[j]) / sd[j]
                }
            })
            .collect()
    };
    let zs: Vec<Vec<f64>> = rows.iter().map(|r| z(r)).collect();
    let d = used.len();
    let mut w = vec![0.0; d];
    for _ in 0..30 {
        let mut g = vec![0.0; d];
        let mut h = vec![vec![0.0; d]; d];
        for (r, x) in rows.iter().zip(&zs) {
            let p = logistic(w.iter().zip(x).map(|(w, x)| w * x).sum());
            let q = (p * (1.0 - p)).max(1e-6);
            for i in 0..d {
                g[i] += (r.y - p) * x[i];
                for k in 0..=i {
                    h[i][k] += q * x[i] * x[k];
                }
            }
        }
        for i in 0..d {
            for k in 0..i {
                h[k][i] = h[i][k];
            }
            if i > 0 {
                g[i] -= lambda * w[i];
                h[i][i] += lambda;
            }
        }
        let step = solve(h, g);
        let mut change: f64 = 0.0;
        for i in 0..d {
            w[i] += step[i];
            change = change.max(step[i].abs());
        }
        if change < 1e-7 {
            break;
        }
    }
    let mut raw = [0.0; NF];
    for (i, &j) in used.iter().enumerate() {
        if j == 0 {
            raw[0] += w[i];
        } else {
            raw[j] = w[i] / sd[j];
            raw[0] -= w[i] * mean[j] / sd[j];
        }
    }
    raw
}

fn dot(w: &[f64; NF], x: &[f64; NF]) -> f64 {
    w.iter().zip(x).map(|(w, x)| w * x).sum()
}

/// Log-loss and Brier score of predictions `p` against the labels.
fn scores(pairs: &[(f64, f64)]) -> (f64, f64) {
    let n = pairs.len().max(1) as f64;
    let ll = pairs
        .iter()
        .map(|&(p, y)| {
            let p = p.clamp(1e-4, 1.0 - 1e-4);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum::<f64>()
        / n;
    let brier = pairs.iter().map(|&(p, y)| (p - y).powi(2)).sum::<f64>() / n;
    (ll, brier)
}

fn calibration(name: &str, pairs: &[(f64, f64)]) -> String {
    let mut s = format!("  calibration of {name} (bin: rows, mean predicted, observed):\n");
    for b in 0..10 {
        let lo = b as f64 / 10.0;
        let hi = lo + 0.1;
        let bin: Vec<&(f64, f64)> = pairs
            .iter()
            .filter(|(p, _)| *p >= lo && (*p < hi || (b == 9 && *p <= 1.0)))
            .collect();
        if bin.is_empty() {
            continue;
        }
        let n = bin.len() as f64;
        let mp = bin.iter().map(|(p, _)| p).sum::<f64>() / n;
        let my = bin.iter().map(|(_, y)| y).sum::<f64>() / n;
        let _ = writeln!(s, "    {lo:.1}-{hi:.1}: {:6}, {mp:.3}, {my:.3}", bin.len());
    }
    s
}

fn main() {
    let (mut data, mut lambda) = (String::from("value.csv"), 100.0);
    let mut note = String::new();
    let mut out = String::from("crates/ai/src/moscow41/learned_weights.rs");
    let v: Vec<String> = std::env::args().skip(1).collect();
    for w in v.chunks(2) {
        let val = w.get(1).cloned().unwrap_or_default();
        match w[0].as_str() {
            "--data" => data = val,
            "--lambda" => lambda = val.parse().expect("--lambda L"),
            "--out" => out = val,
            "--note" => note = val,
            other => panic!("unknown argument {other}"),
        }
    }
    let rows = read(&data);
    let test = |r: &Row| r.seed.is_multiple_of(5);
    let ev = NAMES.iter().position(|n| *n == "evaluator").unwrap();
    let mut weights = [[0.0; NF]; 4];
    let (mut all_new, mut all_old, mut all_base) = (Vec::new(), Vec::new(), Vec::new());
    let mut report = String::new();
    for sc in 0..4 {
        let train: Vec<&Row> = rows.iter().filter(|r| r.sc == sc && !test(r)).collect();
        let held: Vec<&Row> = rows.iter().filter(|r| r.sc == sc && test(r)).collect();
        if train.is_empty() {
            continue;
        }
        weights[sc] = fit(&train, lambda);
        let base = train.iter().map(|r| r.y).sum::<f64>() / train.len() as f64;
        let games = |rs: &[&Row]| {
            let mut s: Vec<u64> = rs.iter().map(|r| r.seed).collect();
            s.dedup();
            s.len()
        };
        let new: Vec<(f64, f64)> = held
            .iter()
            .map(|r| (logistic(dot(&weights[sc], &r.x)), r.y))
            .collect();
        let old: Vec<(f64, f64)> = held.iter().map(|r| (logistic(r.x[ev]), r.y)).collect();
        let bl: Vec<(f64, f64)> = held.iter().map(|r| (base, r.y)).collect();
        let (a, b, c) = (scores(&new), scores(&old), scores(&bl));
        let _ = writeln!(
            report,
            "{}: train {} rows / {} games, held out {} rows / {} games, German wins {:.3}; \
             log-loss / Brier: learned {:.4} / {:.4}, evaluator {:.4} / {:.4}, base rate {:.4} / {:.4}",
            ["campaign", "sc1", "sc2", "sc3"][sc],
            train.len(),
            games(&train),
            held.len(),
            games(&held),
            base,
            a.0,
            a.1,
            b.0,
            b.1,
            c.0,
            c.1
        );
        all_new.extend(new);
        all_old.extend(old);
        all_base.extend(bl);
    }
    let (a, b, c) = (scores(&all_new), scores(&all_old), scores(&all_base));
    let _ = writeln!(
        report,
        "all held out ({} rows): log-loss / Brier: learned {:.4} / {:.4}, evaluator {:.4} / {:.4}, base rate {:.4} / {:.4}",
        all_new.len(),
        a.0,
        a.1,
        b.0,
        b.1,
        c.0,
        c.1
    );
    report += &calibration("the learned value", &all_new);
    report += &calibration("the evaluator", &all_old);
    print!("{report}");
    let mut src = String::new();
    let _ = writeln!(
        src,
        "// Generated by `cargo run --release -p eastfront-ai --example value_fit -- --data {data} \
         --lambda {lambda}`{note} (one ridge logistic regression per scenario, fitted on the games \
         whose seed is not a multiple of 5) from the rows of `value_data` (docs/ai-moscow41.md, \
         \"A value learned from outcomes\"). Rows: campaign, SC.1, SC.2, SC.3; \
         columns: `learned::NAMES`. Do not edit by hand."
    );
    let _ = writeln!(src, "pub const WEIGHTS: [[f64; {NF}]; 4] = [");
    for w in &weights {
        let _ = writeln!(src, "    [");
        for (j, x) in w.iter().enumerate() {
            let _ = writeln!(src, "        {x:.6}, // {}", NAMES[j]);
        }
        let _ = writeln!(src, "    ],");
    }
    let _ = writeln!(src, "];");
    std::fs::write(&out, src).expect("--out");
    println!("weights written to {out}");
}
