// Placeholder until the first fit (`value_fit` writes this file).
pub const WEIGHTS: [[f64; 28]; 4] = [[0.0; 28]; 4];
