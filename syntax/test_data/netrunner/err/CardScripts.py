# invented, with mistakes
ScriptsLocal = '''
=====
Missing Dash
-----
a1b2c3d4-0000-4000-8000-000000000021
onPlay:Gain1Credits
+++++

.....
Open Brace
-----
a1b2c3d4-0000-4000-8000-000000000022
-----
onPlay:SimplyAnnounce{never closed$$Draw1Card-traceEffects<Pass
+++++
AOB0G0T0:Draw1Card
.....
ENDSCRIPTS
=====
