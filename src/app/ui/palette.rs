//! The highlight palette (UX.md "Look": a colour-blind-safe palette in settings): the colours of
//! the lit spaces' rings and their legend. The standard one tells a move (green) from an attack
//! (red) by hue alone, which a player with red-green colour blindness cannot; the safe one takes
//! its colours from Okabe and Ito's palette ("Color Universal Design", 2008), chosen so that the
//! rings a player sees together stay apart under protanopia, deuteranopia and tritanopia (the
//! tests simulate each). Chosen in the menu and remembered between runs.

use bevy::prelude::*;
use bevy_egui::egui;

/// Which colours the highlights use.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Palette {
    #[default]
    Standard,
    ColourBlindSafe,
}

impl Palette {
    /// The settings file's word.
    pub fn word(self) -> &'static str {
        match self {
            Palette::Standard => "standard",
            Palette::ColourBlindSafe => "colour-blind-safe",
        }
    }
    pub fn from_word(w: &str) -> Option<Palette> {
        [Palette::Standard, Palette::ColourBlindSafe]
            .into_iter()
            .find(|p| p.word() == w.trim())
    }
}

/// The menu's check box; returns the palette picked, if it changed.
pub fn chooser(ui: &mut egui::Ui, now: Palette) -> Option<Palette> {
    let mut safe = now == Palette::ColourBlindSafe;
    let changed = ui
        .checkbox(&mut safe, "Colour-blind palette")
        .on_hover_text(
            "The rings on lit spaces (a move, an attack, an action, what is held) in colours \
             that stay apart for red-green and blue-yellow colour blindness.",
        )
        .changed();
    changed.then_some(if safe {
        Palette::ColourBlindSafe
    } else {
        Palette::Standard
    })
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Palette>();
}

#[cfg(test)]
mod tests {
    use super::Palette;
    use crate::app::input::Lit;
    use crate::app::map::lit_colour;
    use eastfront_kernel::Mark;

    /// The rings a player can see at once when choosing what to do.
    const TOGETHER: [Lit; 5] = [
        Lit::Selected,
        Lit::Mark(Mark::Move),
        Lit::Mark(Mark::LongMove),
        Lit::Mark(Mark::Attack),
        Lit::Mark(Mark::Act),
    ];

    /// Machado, Oliveira & Fernandes (2009), severity 1, on linear RGB.
    const PROTANOPIA: [[f32; 3]; 3] = [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ];
    const DEUTERANOPIA: [[f32; 3]; 3] = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ];
    const TRITANOPIA: [[f32; 3]; 3] = [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ];
    const NORMAL: [[f32; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

    /// CIE L*a*b* (D65) of a colour as a viewer with `vision` sees it.
    fn lab(c: bevy::color::Color, vision: &[[f32; 3]; 3]) -> [f32; 3] {
        let l = c.to_linear();
        let rgb = [l.red, l.green, l.blue];
        let seen: Vec<f32> = vision
            .iter()
            .map(|row| (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0))
            .collect();
        let (r, g, b) = (seen[0], seen[1], seen[2]);
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f32| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        let (fx, fy, fz) = (f(x), f(y), f(z));
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }

    /// The least colour difference (ΔE 1976) between two rings seen together.
    fn least_difference(palette: Palette, vision: &[[f32; 3]; 3]) -> f32 {
        let mut least = f32::MAX;
        for (i, a) in TOGETHER.iter().enumerate() {
            for b in &TOGETHER[i + 1..] {
                let (la, lb) = (
                    lab(lit_colour(*a, palette), vision),
                    lab(lit_colour(*b, palette), vision),
                );
                let d =
                    ((la[0] - lb[0]).powi(2) + (la[1] - lb[1]).powi(2) + (la[2] - lb[2]).powi(2))
                        .sqrt();
                least = least.min(d);
            }
        }
        least
    }

    #[test]
    fn the_safe_palette_keeps_the_rings_apart_under_every_colour_blindness() {
        for (name, vision) in [
            ("normal", &NORMAL),
            ("protanopia", &PROTANOPIA),
            ("deuteranopia", &DEUTERANOPIA),
            ("tritanopia", &TRITANOPIA),
        ] {
            let d = least_difference(Palette::ColourBlindSafe, vision);
            assert!(d >= 20.0, "{name}: two rings only {d:.1} apart");
        }
    }

    #[test]
    fn the_standard_palette_is_why_the_safe_one_exists() {
        // A move and an attack, green and red, come close for a deuteranope: the reason for
        // the setting (if this fails, the standard palette has become safe on its own).
        assert!(least_difference(Palette::Standard, &DEUTERANOPIA) < 20.0);
        assert!(least_difference(Palette::ColourBlindSafe, &DEUTERANOPIA) > 20.0);
    }

    #[test]
    fn the_settings_word_reads_back() {
        for p in [Palette::Standard, Palette::ColourBlindSafe] {
            assert_eq!(Palette::from_word(p.word()), Some(p));
        }
        assert_eq!(Palette::from_word("sepia"), None);
    }
}
