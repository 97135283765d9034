import minihack

def level(n):
    return f"""LEVEL: "mylevel"
ROOM: "ordinary", random, random, random, ({n},{n}) {{
  OBJECT: random
  IF [50%] {{
    MONSTER: 'k', random
  }}
}}
RANDOM_CORRIDORS
"""
