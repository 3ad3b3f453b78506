%
(Part: Hydraulic adapter HA-20)
(Material: 11SMnPb30)
(Stock: round bar DIA 30 x 90 mm, 57 mm out of the chuck)
(Machine: Golden lathe - Tormach 15L Slant-PRO, serial G-1)
(Controller: Tormach PathPilot [LinuxCNC / PathPilot])
(Program version 1, written by Q-Bot)
(Z0 is the finished free-end face; X is a diameter; mm)
(Tools:)
(T1 CNMG 120408 - External turning, 80 DEG rhombic insert, 0.8 mm nose radius)
(T2 DNMG 150404 - External profiling, 55 DEG insert, 0.4 mm nose radius)
(T3 N123G2-0300 parting blade - Parting and grooving blade, 3 mm wide)
(T4 Centre drill A2.5 - Centre drill DIN 333 A, pilot DIA 2.5)
(T5 Drill 8.5 - HSS twist drill DIA 8.5 mm)
(T7 Boring bar CCMT 060204 - Boring bar, min bore DIA 8, 0.4 mm nose radius)
(T8 Threading 16ER AG60 - External threading insert, 60 DEG partial profile)
(Note: The bar DIA 30 mm does not pass through the spindle [bar capacity DIA 28.5 mm]: saw a blank of 97 mm and chuck it.)
(Note: Face: depth of cut 0.35 mm instead of 1 mm, so the cut stays within 80 % of Golden lathe's 1.1 kW spindle [0.818 kW of 0.88 kW].)
(Note: Rough OD: depth of cut 0.5 mm instead of 2.5 mm and 175 m/min instead of 300 m/min, so the cut stays within 80 % of Golden lathe's 1.1 kW spindle [0.843 kW of 0.88 kW].)
(Note: Undercut DIN 76-A M20x1.5 3.2 x DIA 17.7: 65 m/min instead of 180 m/min, so the cut stays within 80 % of Golden lathe's 1.1 kW spindle [0.809 kW of 0.88 kW].)
(Note: Groove DIA 24: 65 m/min instead of 180 m/min, so the cut stays within 80 % of Golden lathe's 1.1 kW spindle [0.809 kW of 0.88 kW].)
(Note: Part off: 65 m/min instead of 180 m/min, so the cut stays within 80 % of Golden lathe's 1.1 kW spindle [0.809 kW of 0.88 kW].)
(Note: T3 N123G2-0300 parting blade: touch it off on its free-end corner; the part drops when cut off, so use a parts catcher.)
G7 G18 G21 G40 G80 G90 G95 G54
G0 X80 Z50
(Face: T1 CNMG 120408, 300 m/min, f 0.3 mm/rev, ap 0.35 mm)
T1 M6 G43
G96 D2500 S300 M3
M8
G0 X34 Z3
X34 Z0.667
G1 X-1.8 Z0.667 F0.3
G0 X-1.8 Z2.667
X34 Z2.667
X34 Z0.333
G1 X-1.8 Z0.333
G0 X-1.8 Z2.333
X34 Z2.333
X34 Z0
G1 X-1.8 Z0
G0 X-1.8 Z2
X34 Z2
X34 Z50
X80 Z50
M9
M5
(Centre drill: T4 Centre drill A2.5, 1910 rpm, f 0.05 mm/rev)
T4 M6 G43
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
(Drill DIA 8.5: T5 Drill 8.5, 1310 rpm, f 0.135 mm/rev)
T5 M6 G43
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
(Rough OD: T1 CNMG 120408, 175 m/min, f 0.3 mm/rev, ap 0.5 mm)
T1 M6 G43
G96 D2500 S175 M3
M8
G0 X34 Z2
X29.036 Z2
G1 X29.036 Z-51.7 F0.3
X30.036 Z-51.2
G0 X30.036 Z2
X28.071 Z2
G1 X28.071 Z-17.908
X29.071 Z-17.408
G0 X29.071 Z2
X27.107 Z2
G1 X27.107 Z-17.703
X28.107 Z-17.203
G0 X28.107 Z2
X26.142 Z2
G1 X26.142 Z-17.7
X27.142 Z-17.2
G0 X27.142 Z2
X25.178 Z2
G1 X25.178 Z-17.7
X26.178 Z-17.2
G0 X26.178 Z2
X24.214 Z2
G1 X24.214 Z-17.7
X25.214 Z-17.2
G0 X25.214 Z2
X23.249 Z2
G1 X23.249 Z-17.7
X24.249 Z-17.2
G0 X24.249 Z2
X22.285 Z2
G1 X22.285 Z-17.7
X23.285 Z-17.2
G0 X23.285 Z2
X21.321 Z2
G1 X21.321 Z-17.7
X22.321 Z-17.2
G0 X22.321 Z2
X20.356 Z2
G1 X20.356 Z-1.411
X21.356 Z-0.911
G0 X21.356 Z2
X19.392 Z2
G1 X19.392 Z-0.815
X20.392 Z-0.315
G0 X20.392 Z2
X18.427 Z2
G1 X18.427 Z-0.333
X19.427 Z0.167
G0 X19.427 Z2
X16.499 Z2
G1 X16.499 Z0.3
G3 X17.63 Z0.066 I-0.001 K-0.802
G1 X19.981 Z-1.11
G3 X20.45 Z-1.676 I-0.568 K-0.567
G1 X20.45 Z-17.7
X27 Z-17.7
G3 X28.6 Z-18.5 I0 K-0.8
G1 X28.6 Z-51.7
X30 Z-51.7
X31 Z-51.2
G0 X31 Z2
X33 Z2
X34 Z50
X80 Z50
M9
M5
(Rough bore: T7 Boring bar CCMT 060204, 240 m/min, f 0.22 mm/rev, ap 1.25 mm)
T7 M6 G43
G96 D2500 S240 M3
M8
G0 X34 Z2
X7.5 Z2
X10.208 Z2
G1 X10.208 Z0.3 F0.22
G2 X9.408 Z-0.1 I0.001 K-0.401
G1 X9.408 Z-49.5
X8.408 Z-49
G0 X8.408 Z2
X7.5 Z2
X34 Z2
X34 Z50
X80 Z50
M9
M5
(Finish OD: T2 DNMG 150404, 350 m/min, f 0.101 mm/rev for Ra 0.8 um)
T2 M6 G43
G96 D2500 S350 M3
M8
G0 X34 Z2
X16.05 Z2
G1 X16.05 Z0 F0.101
X17.05 Z0
G3 X17.663 Z-0.143 I0.001 K-0.398
G1 X19.663 Z-1.143
G3 X19.85 Z-1.4 I-0.303 K-0.256
G1 X19.85 Z-18
X27.2 Z-18
G3 X28 Z-18.4 I-0.001 K-0.401
G1 X28 Z-48.4
X28 Z-51.5
X29 Z-51
G0 X29 Z2
X34 Z50
X80 Z50
M9
M5
(Finish bore: T7 Boring bar CCMT 060204, 280 m/min, f 0.101 mm/rev for Ra 0.8 um)
T7 M6 G43
G96 D2500 S280 M3
M8
G0 X34 Z2
X11.808 Z2
G1 X11.808 Z0 F0.101
X10.808 Z0
G2 X10.008 Z-0.4 I0.001 K-0.401
G1 X10.008 Z-49.5
X9.008 Z-49
G0 X9.008 Z2
X34 Z2
X34 Z50
X80 Z50
M9
M5
(Undercut DIN 76-A M20x1.5 3.2 x DIA 17.7: T3 N123G2-0300 parting blade, 65 m/min, f 0.1 mm/rev)
T3 M6 G43
G96 D2500 S65 M3
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
(Groove DIA 24: T3 N123G2-0300 parting blade, 65 m/min, f 0.1 mm/rev)
T3 M6 G43
G96 D2500 S65 M3
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
(Thread M20x1.5: T8 Threading 16ER AG60, 1330 rpm, pitch 1.5 mm, depth 0.92 mm, 7 passes)
T8 M6 G43
G97 S1330 M3
M8
G0 X34 Z4.5
X22 Z4.5
G76 P1.5 Z-16.4 I-2 J0.752 K1.84 Q29.5 R2 H1 E0 L0
G0 Z4.5
X34 Z50
X80 Z50
M9
M5
(Part off: T3 N123G2-0300 parting blade, 65 m/min, f 0.1 mm/rev)
T3 M6 G43
G96 D2500 S65 M3
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
%
