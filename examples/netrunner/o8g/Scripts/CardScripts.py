### INVENTED CARD SCRIPTS ###
# Examples for cardlint, with deliberate mistakes.
ScriptsLocal = '''
=====
Lantern Fund
-----
c0ffee00-0000-4000-8000-000000000001
-----
OnPlay:Gain9Credits
+++++

.....
Quiet Relay
-----
c0ffee00-0000-4000-8000-000000000002
-----
whileInstalled:Provide1MU
+++++
A1B0G0T0:TrashTarged-Targeted-atProgram-isSubrourine
.....
Gate Warden
-----
c0ffee00-0000-4000-8000-000000000003
-----
onRez:Trace3-traceEffects<SimplyAnnounce{end the run, then trash it},None>
+++++
AOB0G0T0:RunEnd-isSubroutine
.....
Lost Entry
-----
c0ffee00-0000-4000-8000-0000000000ff
-----
onPlay:Draw2Cards
+++++

.....
ENDSCRIPTS
=====
'''
