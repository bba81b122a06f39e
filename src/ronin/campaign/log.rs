//! What a game's log says happened to each model: how it ended the game and the experience it
//! earned. The log alone decides it, so a game simulated by `buntai` and a game
//! recorded from a `simulate --log` file are credited the same way.

use serde::Serialize;

use super::EndState;
use crate::ronin::model::Experience;

/// One model of a logged game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoggedModel {
    /// The id the log names it by (`A3 Ashigaru "Taro"`).
    pub id: String,
    /// The roster's name for it.
    pub name: Option<String>,
    /// Its true profile (a disguised Ninja's is `ninja`).
    pub profile: String,
    pub side: usize,
    /// Its true Rank.
    pub rank: u8,
    pub civilian: bool,
    pub end: EndState,
    /// Light or worse wounds it dealt to enemies of its own true Rank or higher.
    pub wounds: u32,
    /// Enemy banners it held at the end.
    pub banners: u32,
}

impl LoggedModel {
    /// The experience the game earned it.
    pub fn experience(&self, xp: &Experience) -> u32 {
        let alive = self.end != EndState::Killed;
        u32::from(alive) * xp.survive + self.wounds * xp.wound + self.banners * xp.banner
    }
}

/// What a whole logged game says.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoggedGame {
    pub scenario: Option<String>,
    pub models: Vec<LoggedModel>,
    /// Each side's victory points, in half points.
    pub vp: [i32; 2],
    /// The winning side, `None` for a draw.
    pub winner: Option<usize>,
}

fn side_of(v: &serde_json::Value) -> Option<usize> {
    match v.as_str()? {
        "A" => Some(0),
        "B" => Some(1),
        _ => None,
    }
}

/// Read one game's events (a `simulate --log` file's lines, parsed). A log that is not one whole
/// game on the table (no `model` events, no `skirmish-end`) is refused with the reason.
pub fn read_game(events: &[serde_json::Value]) -> Result<LoggedGame, String> {
    let mut models: Vec<LoggedModel> = Vec::new();
    let mut health: Vec<String> = Vec::new();
    let mut scenario = None;
    let mut end: Option<([i32; 2], Option<usize>)> = None;
    let find = |models: &[LoggedModel], id: &str| models.iter().position(|m| m.id == id);
    for (line, e) in events.iter().enumerate() {
        let kind = e["event"].as_str().unwrap_or_default();
        let model_of = |models: &[LoggedModel], key: &str| -> Result<usize, String> {
            let id = e[key].as_str().unwrap_or_default();
            let id = id.trim_end_matches("'s warhorse");
            find(models, id).ok_or_else(|| {
                format!(
                    "event {} (`{kind}`) names `{id}`, a model the log never introduced",
                    line + 1
                )
            })
        };
        match kind {
            "match-start" => {
                return Err(
                    "this is a Tournament log; a campaign game is a game on the table".into(),
                );
            }
            "scenario" => scenario = e["id"].as_str().map(str::to_owned),
            "model" => {
                let side = side_of(&e["side"])
                    .ok_or_else(|| format!("event {}: a model with no side A or B", line + 1))?;
                models.push(LoggedModel {
                    id: e["model"].as_str().unwrap_or_default().to_owned(),
                    name: e["name"].as_str().map(str::to_owned),
                    profile: e["profile"].as_str().unwrap_or_default().to_owned(),
                    side,
                    rank: e["rank"]
                        .as_u64()
                        .and_then(|r| u8::try_from(r).ok())
                        .ok_or_else(|| format!("event {}: a model with no rank", line + 1))?,
                    civilian: e["civilian"].as_bool().unwrap_or(false),
                    end: EndState::Unhurt,
                    wounds: 0,
                    banners: 0,
                });
                health.push("healthy".to_owned());
            }
            "wound" => {
                let victim = model_of(&models, "fighter")?;
                let state = e["health"].as_str().unwrap_or("healthy").to_owned();
                if state == "dead" {
                    models[victim].end = EndState::Killed;
                    models[victim].banners = 0;
                }
                health[victim] = state;
                let result = e["result"].as_str().unwrap_or_default();
                if e["by"].is_string() && matches!(result, "light" | "grievous" | "critical") {
                    let by = model_of(&models, "by")?;
                    if models[by].side != models[victim].side
                        && models[victim].rank >= models[by].rank
                    {
                        models[by].wounds += 1;
                    }
                }
            }
            // The Bandits' sacrifice removes the model as killed.
            "sacrifice" => {
                let m = model_of(&models, "model")?;
                models[m].end = EndState::Killed;
                models[m].banners = 0;
            }
            "fled" => {
                let m = model_of(&models, "model")?;
                models[m].end = EndState::Fled;
                // A banner that leaves the table is not captured.
                models[m].banners = 0;
            }
            "pick-up" => {
                let m = model_of(&models, "model")?;
                if side_of(&e["owner"]).is_some_and(|o| o != models[m].side) {
                    models[m].banners += 1;
                }
            }
            "drop" => {
                let m = model_of(&models, "model")?;
                models[m].banners = 0;
            }
            "skirmish-end" => {
                let vp = e["vp"]
                    .as_array()
                    .filter(|v| v.len() == 2)
                    .and_then(|v| Some([v[0].as_i64()? as i32, v[1].as_i64()? as i32]))
                    .ok_or_else(|| format!("event {}: `skirmish-end` has no VP pair", line + 1))?;
                end = Some((vp, side_of(&e["winner"])));
            }
            _ => {}
        }
    }
    if models.is_empty() {
        return Err("the log introduces no models (it was written before `model` events, or is not a game log)".into());
    }
    let Some((vp, winner)) = end else {
        return Err("the log has no `skirmish-end`: the game did not finish".into());
    };
    for (m, h) in models.iter_mut().zip(&health) {
        if m.end == EndState::Unhurt {
            m.end = match h.as_str() {
                "light" => EndState::Light,
                "grievous" => EndState::Grievous,
                "dead" => EndState::Killed,
                _ => EndState::Unhurt,
            };
        }
    }
    Ok(LoggedGame {
        scenario,
        models,
        vp,
        winner,
    })
}

/// Parse JSON Lines text into events; blank lines are skipped.
pub fn parse_lines(text: &str) -> Result<Vec<serde_json::Value>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str(l).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn xp() -> Experience {
        Experience {
            survive: 1,
            wound: 1,
            banner: 1,
            rank_costs: vec![5, 5, 5, 10, 15],
            source: crate::ronin::model::Provenance::Text,
        }
    }

    #[test]
    fn experience_counts_survival_wounds_on_equal_or_higher_rank_and_banners_held() {
        let events = vec![
            json!({"event": "model", "model": "A1 Ashigaru", "side": "A", "rank": 1, "name": "Taro"}),
            json!({"event": "model", "model": "B1 Samurai", "side": "B", "rank": 3}),
            json!({"event": "model", "model": "B2 Peasant", "side": "B", "rank": 0}),
            // A Light on a higher Rank counts; on a lower Rank it does not; Stunned never does.
            json!({"event": "wound", "fighter": "B1 Samurai", "result": "light", "health": "light", "by": "A1 Ashigaru"}),
            json!({"event": "wound", "fighter": "B2 Peasant", "result": "critical", "health": "dead", "by": "A1 Ashigaru"}),
            json!({"event": "wound", "fighter": "B1 Samurai", "result": "stunned", "health": "light", "by": "A1 Ashigaru"}),
            json!({"event": "pick-up", "model": "A1 Ashigaru", "owner": "B"}),
            json!({"event": "wound", "fighter": "A1 Ashigaru", "result": "grievous", "health": "grievous", "by": "B1 Samurai"}),
            json!({"event": "skirmish-end", "vp": [4, 2], "winner": "A", "turns": 6, "reason": "turn-limit"}),
        ];
        let game = read_game(&events).expect("a whole game");
        let a = &game.models[0];
        assert_eq!(a.name.as_deref(), Some("Taro"));
        assert_eq!((a.wounds, a.banners, a.end), (1, 1, EndState::Grievous));
        assert_eq!(a.experience(&xp()), 3);
        // The Samurai wounded a lower Rank: survival only.
        assert_eq!(game.models[1].experience(&xp()), 1);
        assert_eq!(game.models[2].end, EndState::Killed);
        assert_eq!(game.models[2].experience(&xp()), 0);
        assert_eq!((game.vp, game.winner), ([4, 2], Some(0)));
    }

    #[test]
    fn a_fled_model_survives_but_its_banner_is_not_captured() {
        let events = vec![
            json!({"event": "model", "model": "A1", "side": "A", "rank": 2}),
            json!({"event": "model", "model": "B1", "side": "B", "rank": 2}),
            json!({"event": "pick-up", "model": "A1", "owner": "B"}),
            json!({"event": "fled", "model": "A1"}),
            json!({"event": "skirmish-end", "vp": [0, 1], "winner": "B"}),
        ];
        let game = read_game(&events).expect("a whole game");
        assert_eq!(game.models[0].end, EndState::Fled);
        assert_eq!(game.models[0].experience(&xp()), 1);
    }

    #[test]
    fn a_log_naming_an_unknown_model_or_without_an_end_is_refused() {
        let unknown = vec![
            json!({"event": "model", "model": "A1", "side": "A", "rank": 2}),
            json!({"event": "fled", "model": "Z9"}),
        ];
        assert!(read_game(&unknown).expect_err("refused").contains("Z9"));
        let unfinished = vec![json!({"event": "model", "model": "A1", "side": "A", "rank": 2})];
        assert!(
            read_game(&unfinished)
                .expect_err("refused")
                .contains("skirmish-end")
        );
    }
}
