# levls's driver for samples of a MiniHack level (run as `python -c`, the
# level on stdin as JSON: {"des": TEXT, "seeds": [1, 2, 3]}). It plays no
# turn: it builds the level once per seed with the user's own minihack, maps
# it with wizard mode's ^F (the whole level's terrain and traps, not only
# what the hero sees), and prints, as one JSON line on the real stdout, the
# screen (NLE's `chars`, `colors`, `screen_descriptions`) and what MiniHack
# leaves unsaid: lev_comp's messages and NetHack's paniclog lines.
import json
import os
import sys
import tempfile


def answer(out, value):
    out.write(json.dumps(value))
    out.write("\n")
    out.flush()


def screen(obs):
    rows = ["".join(chr(c) for c in row) for row in obs["chars"]]
    colors = [[int(c) for c in row] for row in obs["colors"]]
    descriptions = []
    for y, row in enumerate(obs["screen_descriptions"]):
        for x, text in enumerate(row):
            words = bytes(text).split(b"\0", 1)[0].decode("latin-1")
            if words:
                descriptions.append([x, y, words])
    return {"rows": rows, "colors": colors, "descriptions": descriptions}


def new_lines(path, seen):
    try:
        with open(path, encoding="latin-1") as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    return lines[seen:]


def main():
    # `python -c` puts the current folder first: a stray `minihack.py` there
    # must not stand in for the installed package.
    sys.path[:] = [p for p in sys.path if p not in ("", os.getcwd())]
    request = json.loads(sys.stdin.read())
    # Our answer goes to the real stdout; everything else written to fds 1
    # and 2 (lev_comp is a child process of MiniHack) goes to a file we read.
    out = os.fdopen(os.dup(1), "w")
    chatter = tempfile.TemporaryFile()
    os.dup2(chatter.fileno(), 1)
    os.dup2(chatter.fileno(), 2)

    def said():
        sys.stdout.flush()
        sys.stderr.flush()
        chatter.seek(0)
        return chatter.read().decode("utf-8", "replace").splitlines()

    try:
        import gymnasium as gym
        import minihack  # noqa: F401  (registers the MiniHack environments)
        from minihack.base import MH_FULL_ACTIONS
        from nle import nethack
    except ImportError as e:
        answer(out, {"missing": str(e), "python": sys.executable})
        return
    env = None
    try:
        actions = tuple(MH_FULL_ACTIONS) + (nethack.WizardCommand.WIZMAP,)
        env = gym.make(
            "MiniHack-Navigation-Custom-v0",
            des_file=request["des"],
            observation_keys=("chars", "colors", "screen_descriptions"),
            wizard=True,
            actions=actions,
        )
        game = env.unwrapped
        vardir = game.nethack._vardir
        compiled = sorted(
            f[:-4] for f in os.listdir(os.path.join(vardir, "lib")) if f.endswith(".lev")
        )
        lev_comp = said()
        paniclog = os.path.join(vardir, "paniclog")
        seen = len(new_lines(paniclog, 0))
        samples = []
        for seed in request["seeds"]:
            # The documented way to fix a MiniHack level: no reseeding.
            game.seed(seed, seed, False)
            env.reset()
            obs = env.step(len(actions) - 1)[0]
            log = new_lines(paniclog, seen)
            seen += len(log)
            sample = screen(obs)
            sample["seed"] = seed
            sample["log"] = log
            samples.append(sample)
        answer(
            out,
            {"compiled": compiled, "lev_comp": lev_comp, "samples": samples},
        )
    except Exception as e:  # any failure is reported, not raised
        answer(
            out,
            {"crashed": "%s: %s" % (type(e).__name__, e), "said": said()[-5:]},
        )
    finally:
        if env is not None:
            env.close()


main()
