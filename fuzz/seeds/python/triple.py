import gym
import minihack

des_file = """
MAZE: "mylevel", ' '
FLAGS: premapped
GEOMETRY: center, center
MAP
-----
|...|
|.>.|
-----
ENDMAP
REGION: (0,0,4,3), lit, "ordinary"
MONSTER: ('D', "red dragon"), (2,1)
OBJECT: ('%', "apple"), random
STAIR: (2,2), down
"""
env = gym.make("MiniHack-Navigation-Custom-v0", des_file=des_file)
