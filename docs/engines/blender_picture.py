# Renders docs/engines/blender-alpine-2x2.png: the world glTF of a --for blender
# export imported by Blender's own glTF importer, drawn by Cycles on the CPU.
# blender -b --factory-startup --python docs/engines/blender_picture.py -- WORLD.gltf OUT.png
# Debian 12's Blender 3.4 importer asks numpy for np.bool (gone in numpy 1.24).
import bpy, sys, math
import numpy
numpy.bool = bool
from mathutils import Vector
path, out = sys.argv[sys.argv.index("--") + 1:][:2]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=path)
scene = bpy.context.scene
# Camera looking north-west over the world from its south-east corner.
cam = bpy.data.objects.new("camera", bpy.data.cameras.new("camera"))
scene.collection.objects.link(cam)
cam.location = Vector((21000.0, -23000.0, 12000.0))
target = Vector((6000.0, -6500.0, 0.0))
cam.rotation_euler = (target - cam.location).to_track_quat("-Z", "Y").to_euler()
cam.data.lens = 50
cam.data.clip_end = 100000.0
scene.camera = cam
sun = bpy.data.objects.new("sun", bpy.data.lights.new("sun", "SUN"))
sun.data.energy = 4.0
sun.rotation_euler = (math.radians(50), 0.0, math.radians(-60))
scene.collection.objects.link(sun)
world = bpy.data.worlds.new("sky")
world.color = (0.55, 0.65, 0.8)
scene.world = world
scene.render.engine = "CYCLES"
scene.cycles.device = "CPU"
scene.cycles.samples = 16
scene.cycles.use_denoising = False
scene.render.threads_mode = "FIXED"
scene.render.threads = 2
scene.render.resolution_x = 720
scene.render.resolution_y = 405
scene.render.filepath = out
bpy.ops.render.render(write_still=True)
