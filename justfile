# Every habit is one command. `just ready` runs what CI runs.

ready:
    bash .ci/run

test:
    cargo test

# Regenerate the committed JSON Schemas after changing a data type.
schemas:
    for k in faction roster weapons attributes swords-for-hire scenario-profiles rulings reference sheet event verdict edit suggestion odds simulation data-check faction-summary faction-output ruling rule options terrain table table-output skirmish; do cargo run -q -- schema $k > schemas/$k.schema.json; done

# Accept changed insta snapshots after reviewing them.
accept:
    for f in tests/cli/snapshots/*.snap.new; do mv "$f" "${f%.new}"; done
