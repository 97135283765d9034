from minihack import LevelGenerator

lvl = LevelGenerator(map="""
.....
..L..
.....
""", lit=True)
lvl.add_object("apple", "%")
des_file = r'''LEVEL: "mylevel"
$place = { (1,1), (2,2) }
SHUFFLE: $place
LOOP [2] {
  OBJECT: '?', $place[0]
}
TELEPORT_REGION: levregion(1,1,3,3), (0,0,0,0), down
'''
