; Part: Hydraulic adapter HA-20
; Material: 11SMnPb30
; Stock: round bar DIA 30 x 90 mm, 57 mm out of the chuck
; Machine: Golden lathe - EMCO Hyperturn 45, serial G-1
; Controller: Siemens Sinumerik 828D [Sinumerik 840D sl / 828D]
; Program version 1, written by Q-Bot
; Z0 is the finished free-end face; X is a diameter; mm
; Tools:
; T1 CNMG 120408 - External turning, 80 DEG rhombic insert, 0.8 mm nose radius
; T2 DNMG 150404 - External profiling, 55 DEG insert, 0.4 mm nose radius
; T3 N123G2-0300 parting blade - Parting and grooving blade, 3 mm wide
; T4 Centre drill A2.5 - Centre drill DIN 333 A, pilot DIA 2.5
; T5 Drill 8.5 - HSS twist drill DIA 8.5 mm
; T7 Boring bar CCMT 060204 - Boring bar, min bore DIA 8, 0.4 mm nose radius
; T8 Threading 16ER AG60 - External threading insert, 60 DEG partial profile
; Note: T3 N123G2-0300 parting blade: touch it off on its free-end corner; the part drops when cut off, so use a parts catcher.
G18 G71 G90 G95 DIAMON
G54
G0 X80 Z50
; Face: T1 CNMG 120408, 300 m/min, f 0.3 mm/rev, ap 1 mm
T1 D1
G96 S300 LIMS=2500 M3
M8
G0 X34 Z3
X34 Z0
G1 X-0.4 Z0 F0.3
G0 X-0.4 Z2
X34 Z2
X34 Z50
X80 Z50
M9
M5
; Centre drill: T4 Centre drill A2.5, 1910 rpm, f 0.05 mm/rev
T4 D1
G97 S1910 M3
M8
G0 X34 Z2
X0 Z2
G1 X0 Z-4.75 F0.05
G0 X0 Z2
X34 Z2
X34 Z50
X80 Z50
M9
M5
; Drill DIA 8.5: T5 Drill 8.5, 1310 rpm, f 0.135 mm/rev
T5 D1
G97 S1310 M3
M8
G0 X34 Z2
X0 Z2
G1 X0 Z-8.5 F0.135
G0 X0 Z2
X0 Z-8
G1 X0 Z-17
G0 X0 Z2
X0 Z-16.5
G1 X0 Z-25.5
G0 X0 Z2
X0 Z-25
G1 X0 Z-34
G0 X0 Z2
X0 Z-33.5
G1 X0 Z-42.5
G0 X0 Z2
X0 Z-42
G1 X0 Z-51
G0 X0 Z2
X0 Z-50.5
G1 X0 Z-52.05
G0 X0 Z2
X34 Z2
X34 Z50
X80 Z50
M9
M5
; Rough OD: T1 CNMG 120408, 300 m/min, f 0.3 mm/rev, ap 2.5 mm
T1 D1
G96 S300 LIMS=2500 M3
M8
G0 X34 Z2
X28.4 Z2
G1 X28.4 Z-17.9 F0.3
X29.4 Z-17.4
G0 X29.4 Z2
X25 Z2
G1 X25 Z-17.9
X26 Z-17.4
G0 X26 Z2
X20.25 Z2
G1 X20.25 Z-0.9
X21.25 Z-0.4
G0 X21.25 Z2
X34 Z50
X80 Z50
M9
M5
; Rough bore: T7 Boring bar CCMT 060204, 240 m/min, f 0.22 mm/rev, ap 1.25 mm
T7 D1
G96 S240 LIMS=2500 M3
M8
G0 X34 Z2
X7.5 Z2
X9.608 Z2
G1 X9.608 Z-49.5 F0.22
X8.608 Z-49
G0 X8.608 Z2
X7.5 Z2
X34 Z2
X34 Z50
X80 Z50
M9
M5
; Finish OD: T2 DNMG 150404, 350 m/min, f 0.101 mm/rev for Ra 0.8 um
T2 D1
G96 S350 LIMS=2500 M3
M8
G0 X34 Z2
X16.85 Z2
G1 X17.85 Z0 F0.101
X19.85 Z-1
X19.85 Z-18
X28 Z-18
X28 Z-48
X28 Z-51.5
X29 Z-51
G0 X29 Z2
X34 Z50
X80 Z50
M9
M5
; Finish bore: T7 Boring bar CCMT 060204, 280 m/min, f 0.101 mm/rev for Ra 0.8 um
T7 D1
G96 S280 LIMS=2500 M3
M8
G0 X34 Z2
X11.008 Z2
G1 X10.008 Z0 F0.101
X10.008 Z-49.5
X9.008 Z-49
G0 X9.008 Z2
X34 Z2
X34 Z50
X80 Z50
M9
M5
; Undercut DIN 76-A M20x1.5 3.2 x DIA 17.7: T3 N123G2-0300 parting blade, 180 m/min, f 0.1 mm/rev
T3 D1
G96 S180 LIMS=2500 M3
M8
G0 X34 Z-14.8
X21.85 Z-14.8
G1 X17.565 Z-14.8 F0.1
G0 X21.85 Z-14.8
X21.85 Z-15
G1 X17.565 Z-15
G0 X21.85 Z-15
X34 Z-14.8
X34 Z50
X80 Z50
M9
M5
; Groove DIA 24: T3 N123G2-0300 parting blade, 180 m/min, f 0.1 mm/rev
T3 D1
G96 S180 LIMS=2500 M3
M8
G0 X34 Z-30
X30 Z-30
G1 X24 Z-30 F0.1
G0 X30 Z-30
X30 Z-31
G1 X24 Z-31
G0 X30 Z-31
X34 Z-30
X34 Z50
X80 Z50
M9
M5
; Thread M20x1.5: T8 Threading 16ER AG60, 1330 rpm, pitch 1.5 mm, depth 0.92 mm, 7 passes
T8 D1
G97 S1330 M3
M8
G0 X34 Z4.5
X22 Z4.5
G0 X19.248 Z4.287
G33 Z-16.092 K1.5
G0 X22
Z4.5
G0 X18.938 Z4.2
G33 Z-16.18 K1.5
G0 X22
Z4.5
G0 X18.698 Z4.132
G33 Z-16.248 K1.5
G0 X22
Z4.5
G0 X18.498 Z4.075
G33 Z-16.304 K1.5
G0 X22
Z4.5
G0 X18.32 Z4.025
G33 Z-16.355 K1.5
G0 X22
Z4.5
G0 X18.16 Z3.979
G33 Z-16.4 K1.5
G0 X22
Z4.5
G0 X18.16 Z3.979
G33 Z-16.4 K1.5
G0 X22
Z4.5
X34 Z50
X80 Z50
M9
M5
; Part off: T3 N123G2-0300 parting blade, 180 m/min, f 0.1 mm/rev
T3 D1
G96 S180 LIMS=2500 M3
M8
G0 X34 Z-48
X30 Z-48
G1 X9.008 Z-48 F0.1
G0 X30 Z-48
X34 Z-48
X34 Z50
X80 Z50
M9
M5
G0 X80 Z50
M30
