from minihack import MiniHackNavigation

class Room(MiniHackNavigation):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, des_file="MAZE: \"mylevel\", ' '\nINIT_MAP: solidfill, ' '\nGEOMETRY:center,center\nMAP\n|.|\nENDMAP\nTRAP: \"hole\", random\n", **kwargs)
