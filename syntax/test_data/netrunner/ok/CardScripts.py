### MY CARD SCRIPTS ###
# Invented cards for cardlint's tests.
ScriptsLocal = '''
Entries: name, GUID, AutoScript, AutoAction.
=====
Lantern Fund
-----
a1b2c3d4-0000-4000-8000-000000000001
-----
onPlay:Gain5Credits$$Draw1Card
+++++

.....
Quiet Relay
-----
a1b2c3d4-0000-4000-8000-000000000002
-----
whileInstalled:Provide1MU||atTurnStart:Gain1Credits-duringMyTurn
+++++
A1B0G0T0:Put1Virus-Targeted-atProgram_and_nonVirus$$SimplyAnnounce{copy the program, then pass}
.....
Gate Warden
-----
a1b2c3d4-0000-4000-8000-000000000003
-----
onRez:Trace3-traceEffects<Gain1Tags-onOpponent++Inflict1NetDamage-onOpponent,None>
+++++
A0B0G0T0:RunEnd-isSubroutine||A0B0G0T0:TrashTarget-Targeted-atProgram-isSubroutine
.....
ENDSCRIPTS
=====
'''
