// The category of a piece of equipment from its brand and model text (and, when there are, words from the photos or
// the language model), over the whole taxonomy. Pure and deterministic. The evidence, strongest first:
//   1. the model is in the equipment catalogue                           → its category           (0.97)
//   2. a model-number family of the brand (Tektronix MSO…, 6ES7 51…)     → that item               (0.90)
//   3. the brand or model text names the kind ("… oscilloscope", "VFD")  → that item               (0.85)
//   4. a part-number family any maker uses (STM32…, IRF…)                → that item               (0.75)
//   5. a catalogue model of the same brand shares a long prefix          → its category      (0.50–0.80)
//   6. the photos' labels or the model's "equipment type" name the kind  → that item               (0.70)
//   7. the brand's usual category                                       → that item, not certain  (0.40)
//   8. nothing: the spec's default, Oscilloscopes                        → not certain             (0.10)
// Below CERTAIN_CONFIDENCE the wizard asks the seller to choose.
import { brandFamily, brandSpellingKey } from "~/lib/brands.ts";
import {
  CATALOGUE_CATEGORIES,
  CATALOGUE_MODELS,
  DEFAULT_CATEGORY_NAME,
  canonicalBrand,
  categoryByName,
  compactModel,
  findCatalogueModel,
  singularItemName,
  type CatalogueCategory,
} from "./equipment-catalogue.ts";

export const CERTAIN_CONFIDENCE = 0.6;

const CLASSIFIER_CONFIDENCE = {
  catalogue: 0.97,
  family: 0.9,
  keyword: 0.85,
  part: 0.75,
  neighbour: 0.7,
  hint: 0.7,
  brand: 0.4,
  default: 0.1,
} as const;

export type ClassifierSource = keyof typeof CLASSIFIER_CONFIDENCE;

export interface CategoryGuess {
  category: CatalogueCategory;
  /** 0–1. */
  confidence: number;
  /** confidence ≥ CERTAIN_CONFIDENCE: the category may be used without asking the seller. */
  certain: boolean;
  /** Which evidence decided. */
  source: ClassifierSource;
}

export interface ClassifierInput {
  brand: string;
  model: string;
  /** Weaker text: the photo reading's labels, objects and text, the language model's equipment type. */
  hints?: readonly string[];
}

// ——— Words ———

/** Lower case, British spellings made American, everything but letters and digits a single space, padded. */
function normaliseWords(text: string): string {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/analys(er|ers)\b/g, "analyz$1")
    .replace(/leveller/g, "leveler")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  return ` ${words} `;
}

/**
 * Extra names for items, beyond each item's own name (singular or plural), as "phrase|phrase → Item". Written in
 * the normalised form (lower case, spaces for punctuation).
 */
const SYNONYMS: readonly string[] = [
  "scope|dso|digital storage oscilloscope|mixed signal oscilloscope → Oscilloscopes",
  "dmm|multimeter|multi meter → Digital Multimeters",
  "vna|vector network analyzer → Network Analyzers",
  "psu|bench supply|dc power supply|dc supply → Power Supplies",
  "dc load|electronic load|e load → Electronic Loads",
  "awg|arbitrary waveform generator|arbitrary function generator → Arbitrary Waveform Generators",
  "function generator|waveform generator → Function Generators",
  "signal analyzer|vector signal analyzer|x series analyzer → Signal Analyzers",
  "rf signal generator|microwave signal generator|analog signal generator → Signal Generators",
  "smu|sourcemeter|source meter → Source Measure Units",
  "megohmmeter|insulation tester|insulation resistance tester → Insulation Resistance Testers",
  "thermal camera|infrared camera|thermal imager|ir camera → Thermal Imaging Cameras",
  "clamp meter|clamp multimeter → Clamp Meters",
  "process calibrator|multifunction calibrator → Calibrators",
  "bert → Bit Error Rate Testers",
  "communication test set|radio test set|service monitor → Radio Communication Test Sets",
  "programmable logic controller|programmable controller|plc cpu → PLCs",
  "hmi|operator panel|touch panel|operator interface|panelview → HMIs",
  "vfd|ac drive|inverter drive|frequency inverter|variable speed drive|vsd|frequency converter → Variable Frequency Drives",
  "servo amplifier|servopack|servo drive → Servo Drives",
  "servomotor|servo motor → Servo Motors",
  "encoder → Rotary Encoders",
  "prox sensor|inductive sensor|proximity switch → Proximity Sensors",
  "photo eye|photoelectric → Photoelectric Sensors",
  "robot arm|robot → Industrial Robots",
  "smart camera|vision sensor|vision system → Machine Vision Cameras",
  "managed switch|ethernet switch → Industrial Ethernet Switches",
  "mcu → Microcontrollers",
  "dram|sdram|ddr4|ddr3|eeprom|nand flash|flash memory → Memory ICs",
  "mosfet → Power MOSFETs",
  "igbt → IGBT Modules",
  "scr → Thyristors & SCRs",
  "data logger|datalogger → Data Loggers",
  "compactdaq|cdaq chassis → DAQ Chassis",
  "daq|data acquisition → Multifunction DAQ Devices",
  "gc ms|gcms|lc ms|lcms|mass spec|triple quad|orbitrap → Mass Spectrometers",
  "gas chromatograph|gc → Gas Chromatographs",
  "hplc|uplc|uhplc|liquid chromatograph → HPLC Systems",
  "ftir → FTIR Spectrometers",
  "uv vis|spectrophotometer → Spectrophotometers",
  "pcr|thermocycler|thermal cycler|qpcr → Thermal Cyclers (PCR)",
  "plate reader → Microplate Readers",
  "ult freezer|minus 80 freezer|80 freezer → Ultra-Low Temperature Freezers",
  "biosafety cabinet|bsc|laminar flow hood → Biosafety Cabinets",
  "microcentrifuge|ultracentrifuge → Centrifuges",
  "breaker|mccb|acb|air circuit breaker → Circuit Breakers",
  "mcc → Motor Control Centers",
  "genset|generator set|diesel generator|diesel genset → Diesel Generators",
  "natural gas generator|gas genset → Natural Gas Generators",
  "ats|transfer switch → Automatic Transfer Switches",
  "ups|uninterruptible power supply|uninterruptible → UPS Systems",
  "pdu → Power Distribution Units",
  "kva transformer|dry type transformer|pad mount transformer → Distribution Transformers",
  "motor|induction motor → Electric Motors",
  "solar inverter|pv inverter|string inverter → Solar Inverters",
  "power quality|power analyzer → Power Quality Analyzers",
  "protection relay|relay protection|feeder protection|motor protection relay → Protective Relays",
  "soft start|soft starter → Soft Starters",
  "flowmeter|flow meter|magmeter|mag meter|coriolis → Flow Meters",
  "dp transmitter|pressure transmitter → Pressure Transmitters",
  "radar level|level transmitter|level probe → Level Transmitters",
  "compressor|air compressor|screw compressor → Air Compressors",
  "pump → Centrifugal Pumps",
  "aodd|air operated diaphragm pump → Diaphragm Pumps",
  "dosing pump → Metering Pumps",
  "digger|trackhoe|hydraulic excavator → Excavators",
  "mini digger|compact excavator|mini excavator → Mini Excavators",
  "front loader|payloader|front end loader → Wheel Loaders",
  "backhoe → Backhoe Loaders",
  "dozer|crawler tractor|crawler dozer → Bulldozers",
  "skid steer|skidsteer|skid loader → Skid Steer Loaders",
  "ctl|track loader|compact track loader → Compact Track Loaders",
  "grader → Motor Graders",
  "adt|articulated truck|articulated hauler → Articulated Dump Trucks",
  "roller|compactor|drum roller → Road Rollers",
  "paver → Asphalt Pavers",
  "milling machine|cold mill|road milling → Cold Planers",
  "telehandler|telescopic handler → Telehandlers",
  "crane|mobile crane → All Terrain Cranes",
  "boom lift|cherry picker|manlift|man lift|articulating boom → Boom Lifts",
  "hdd|directional drill|directional boring → Horizontal Directional Drills",
  "haul truck|off highway truck|mining truck → Haul Trucks",
  "lhd|scooptram|underground loader → Underground Loaders (LHD)",
  "jumbo|face drill → Drill Jumbos",
  "crusher → Jaw Crushers",
  "screen|screener → Vibrating Screens",
  "mining shovel|face shovel → Hydraulic Mining Shovels",
  "forklift|fork lift|lift truck|fork truck → Forklifts",
  "electric forklift|electric lift truck → Electric Forklifts",
  "order picker|stock picker → Order Pickers",
  "pallet truck|pump truck|hand pallet truck → Pallet Jacks",
  "electric pallet jack|powered pallet truck|electric pallet truck|walkie → Electric Pallet Jacks",
  "stacker|walkie stacker → Pallet Stackers",
  "hoist|chain hoist → Electric Chain Hoists",
  "bridge crane|overhead crane → Overhead Cranes",
  "conveyor → Belt Conveyors",
  "agv|amr|autonomous mobile robot → Automated Guided Vehicles",
  "pallet rack|racking → Pallet Racking",
];

/**
 * Model-number families, per brand: "brand keys": "Item=PATTERN; Item=PATTERN". The brand keys are brandSpellingKey() (app/lib/brands.ts) of
 * the brand's spellings; each PATTERN is a regular expression matched at the start of the compact model (upper case,
 * letters and digits only: "S7-1200 CPU" → "S71200CPU"). Within a brand the first matching pattern wins, so the more
 * particular families come first. "*" holds part-number families any maker uses (weaker evidence).
 */
const FAMILY_RULES: Record<string, string> = {
  // Test & measurement
  "rohdeschwarz rs":
    "Phase Noise Analyzers=FSWP; Spectrum Analyzers=FS[VLHPUWC]|FP[LCH]|ES[RW]; Oscilloscopes=RT[BMAHOPE]|HMO|MXO; Vector Signal Generators=SMW|SMBV|SMU|SMJ|SMM; Signal Generators=SM[BACLFY]; Network Analyzers=ZN[BALCD]|ZV[ABLT]; Power Supplies=NG[PELMAU]|HMP|HMC; Power Meters=NR[PXT]; Radio Communication Test Sets=CM[WUXA]",
  "tektronix tek":
    "Oscilloscopes=TDS|DPO|MSO|MDO|TBS|DSA[78]|THS; Spectrum Analyzers=RSA; Arbitrary Waveform Generators=AWG|AFG; Current Probes=TCP|A62; Oscilloscope Probes=TPP|P[56]\\d{3}|TAP|TDP|TIVP",
  "keysight agilent hp hewlettpackard":
    "Oscilloscopes=DSOX|MSOX|DSOS|MSOS|DSO|MSO|EDUX|54[6-9]\\d{2}|INFINII; Signal Analyzers=N90[0-4]\\d; Power Meters=E441\\d|N19[01]\\d|43[78]; Vector Signal Generators=E4438|N5182|M938; Signal Generators=E44[23]\\d|E82[5-7]\\d|N51[78]\\d|8648|866[45]|83[46]\\d; Spectrum Analyzers=E440\\d|E444\\d|85[69]\\d|N93[24]\\d; Network Analyzers=E50[6-8]\\d|N52[2-4]\\d|N99[12]\\d|8753|872[0-2]|E83[56]\\d; Digital Multimeters=344[0-7]\\d|3458|U12\\d{2}; Power Supplies=E36\\d|N67\\d{2}|N57\\d{2}|N69\\d{2}|66[0-9]\\d; Electronic Loads=N33\\d|EL3\\d|6060; Function Generators=33[2-6]\\d{2}|33120; Frequency Counters=53[12]\\d{2}; LCR Meters=E498\\d|428[45]|4263|4294; Source Measure Units=B29\\d|B15\\d; Logic Analyzers=16[89]\\d{2}|U48; Noise Figure Analyzers=N897\\d|8970; Oscilloscope Probes=N2[78]\\d{2}|11[56]\\d; Data Loggers=3497\\d|DAQ97; Switch Matrices=3498\\d; Gas Chromatographs=78[0-9]0|6890|8890|6850|INTUVO; FTIR Spectrometers=CARY6\\d{2}; Spectrophotometers=CARY\\d|8453; Mass Spectrometers=59[0-9]{2}|64\\d{2}|65\\d{2}|70[01]0|7[79]00|8900; HPLC Systems=1[12]\\d0|INFINITY",
  rigol:
    "Spectrum Analyzers=DSA|RSA; Signal Generators=DSG; Oscilloscopes=DS\\d|MSO|DHO; Function Generators=DG; Power Supplies=DP; Electronic Loads=DL3; Digital Multimeters=DM3",
  siglent:
    "Oscilloscopes=SDS; Spectrum Analyzers=SSA|SVA; Function Generators=SDG; Power Supplies=SPD; Digital Multimeters=SDM; Electronic Loads=SDL; Signal Generators=SSG; Network Analyzers=SNA",
  "teledynelecroy lecroy": "Oscilloscopes=WAVE|HDO|LABMASTER; Protocol Analyzers=SUMMIT|VOYAGER|SIERRA",
  fluke:
    "Calibrators=55\\d{2}|57\\d{2}|7[0-5]\\d(?!\\d)|9100|6105; Power Quality Analyzers=43\\d|17[3-7]\\d|1760; Thermal Imaging Cameras=TI|PTI|RSE; Insulation Resistance Testers=15\\d{2}; Clamp Meters=3\\d{2}(?!\\d)|T[56]|90[2-4]; Digital Multimeters=[78]\\d(?!\\d)|1\\d{2}(?!\\d)|28\\d|88\\d{2}|85[08]8",
  keithley: "Power Supplies=22\\d{2}; Source Measure Units=2[346]\\d{2}; Digital Multimeters=DMM|20[0-2]\\d|21[01]0|27[05]\\d",
  anritsu:
    "Spectrum Analyzers=MS27|MS2830|MS269; Network Analyzers=MS46|MS20[23]|37\\d{3}|ME78; Bit Error Rate Testers=MP1\\d{3}|MP2100; Radio Communication Test Sets=MT8\\d{3}",
  "flir teledyneflir": "Thermal Imaging Cameras=[ETKCA]\\d|EXX|ONE",
  megger: "Insulation Resistance Testers=MIT|MJ|S1|BM|MFT",
  "viavi aeroflex ifr": "Radio Communication Test Sets=39\\d{2}|8800|29[47]5|CX300; OTDRs=MTS|OTDR",
  exfo: "OTDRs=MAXTESTER|FTB|AXS",
  yokogawa:
    "OTDRs=AQ72|AQ12; Digitizers=DL[89]50|SL1000; Oscilloscopes=DLM|DL\\d; Paperless Recorders=GP\\d|GX\\d|DX\\d|FX1; Power Quality Analyzers=WT\\d|CW\\d; Pressure Transmitters=EJ[AX]; Flow Meters=AXF|ADMAG|ROTAMASS|DY\\d; Temperature Transmitters=YTA",
  thorlabs: "Optical Power Meters=PM\\d",
  chroma: "Electronic Loads=63\\d{3}; Power Supplies=6[12]\\d{3}",
  "bkprecision bk": "Electronic Loads=85\\d{2}; Power Supplies=1[67]\\d{2}|9[12]\\d{2}; Digital Multimeters=56\\d{2}|28\\d{2}",
  "tdklambda tdk lambda": "Power Supplies=GEN|Z\\d|ZUP|GENESYS",
  hioki:
    "Power Quality Analyzers=PQ|PW|319\\d; Data Loggers=LR|MR\\d; Clamp Meters=CM\\d; Insulation Resistance Testers=IR\\d; LCR Meters=IM\\d|3532; Digital Multimeters=DT\\d",
  // Data acquisition
  "ni nationalinstruments":
    "DAQ Chassis=CDAQ|CRIO; PXI Chassis=PXIE?1\\d{3}; PXI Controllers=PXIE?8\\d{3}; Digitizers=PXIE?5[19]\\d{2}; PXI Modules=PXIE?\\d{4}; Thermocouple Input Modules=921[0-4]; Strain Gauge Modules=923[5-7]; Analog Output Modules=926\\d; Digital I/O Modules=94\\d{2}; Counter/Timer Modules=9361; DAQ Modules=9\\d{3}; USB DAQ Devices=USB600\\d; Multifunction DAQ Devices=USB6\\d{3}|PCIE?6\\d{3}; GPIB Interfaces=GPIB",
  graphtec: "Data Loggers=GL\\d|MIDI",
  onset: "Temperature Data Loggers=HOBO|MX11|UX1|U12",
  "pcbpiezotronics pcb": "Accelerometers=3\\d{2}[A-Z]\\d{2}|35\\d|33\\d",
  skf: "Vibration Analyzers=MICROLOG|CMXA|CMAS",
  "hbk hbm": "Load Cells=U2B|U9|C2|Z4|Z6|U10|S9|S2M|C16",
  "druck bakerhughes": "Pressure Transducers=PTX|UNIK|PMP|PDCR",
  dewesoft: "Multifunction DAQ Devices=SIRIUS|DEWE|KRYPTON|IOLITE",
  // Automation & control
  "allenbradley rockwell rockwellautomation ab":
    "PLCs=(1756|1769|1766|1763|1762|1761|1747|1768|5069|5380|5480)L\\d|2080L|CONTROLLOGIX|COMPACTLOGIX|MICROLOGIX|SLC500|MICRO8\\d0; PLC I/O Modules=(1756|1769|1734|1794|1746|1771|5069|1762)(I|O)[A-Z0-9]; HMIs=2711|PANELVIEW; Variable Frequency Drives=POWERFLEX|2[025][ABCDEFG]\\d|22[ABCF]; Motion Controllers=2094BC|1756M; Servo Drives=2198|2097|2093|2099|2094|KINETIX; Servo Motors=MPL|VPL|MPM|TLY|MPF; Safety Relays=440R|MSR; Contactors=100[CDE]; Control Relays=700; Soft Starters=150[CF]|SMC; Light Curtains=445L|440L; Proximity Sensors=87[12]C; Photoelectric Sensors=42[A-Z]; Industrial Ethernet Switches=1783|STRATIX; Circuit Breakers=140[MUG]|1489",
  siemens:
    "PLCs=S7\\d{3,4}|6ES7(21[1-7]|31[2-9]|41[2-7]|51[0-8]|15[0-3])|LOGO|6ED1; PLC I/O Modules=6ES7|ET200|SM\\d{4}; HMIs=TP\\d|KTP|MP\\d|6AV; Servo Motors=1F[KTL]; Electric Motors=1L[AE]|1PH|SIMOTICS; Servo Drives=SINAMICSS|S120|6SL312|V90; Variable Frequency Drives=SINAMICS|G1[12]0|6SL32|6SE|MICROMASTER|V20|PM2[34]0; Contactors=3RT; Control Relays=3RH; Soft Starters=3RW; Circuit Breakers=3VA|3WL|3VL|3RV|5SY; Switchgear=SIVACON|NXAIR|8DJH; Gas Analyzers=ULTRAMAT|OXYMAT|CALOMAT; Pressure Transmitters=SITRANSP|7MF; Flow Meters=SITRANSF|7ME|MAG\\d; Level Transmitters=SITRANSL|7ML|LR\\d{3}; Industrial PCs=IPC|6AG; Industrial Ethernet Switches=SCALANCE|6GK5; Protective Relays=7S[JAD]|SIPROTEC; Energy Meters=SENTRON|PAC\\d{4}",
  "schneiderelectric schneider modicon telemecanique":
    "PLCs=BMEP|BMXP|TM2[2-6]\\d|M2[2-6]\\d|M[35]80|M340|TSX|140CPU; PLC I/O Modules=BMX[DA]|TM3; Variable Frequency Drives=ATV|ALTIVAR; Soft Starters=ATS\\d|ALTISTART; HMIs=HMI|XBT|MAGELIS; Contactors=LC[12]|TESYS; Circuit Breakers=MASTERPACT|COMPACTNS|NSX|POWERPACT; Energy Meters=POWERLOGIC|ION\\d|PM[5-8]\\d{3}; UPS Systems=SMART|SMT|SRT|SUA|SYMMETRA|GALAXY|SMX",
  squared: "Panelboards=NQ|NF; Circuit Breakers=POWERPACT|[LHJMPR][GDJ]A|QDL|QO|MASTERPACT|NSX; Distribution Transformers=EX\\d|EE\\d",
  "mitsubishielectric mitsubishi":
    "PLCs=FX\\d|Q\\d{2}[UH]|Q\\dCPU|L\\d{2}CPU|R\\d{2}CPU|IQR|IQF|Q0\\dU; PLC I/O Modules=QX|QY|Q6[48]|RX|RY; Servo Drives=MRJ; Servo Motors=H[FGC]; Variable Frequency Drives=FR[ADEF]; HMIs=GOT|GT\\d; Industrial Robots=RV|RH|MELFA",
  omron:
    "PLCs=CJ\\d|CP\\d|CS\\d|NJ\\d|NX\\d|CQM|C200; Photoelectric Sensors=E3[A-Z]; Proximity Sensors=E2[A-Z]; Rotary Encoders=E6[A-Z]; Temperature Controllers=E5[A-Z]; Relays=G2R|G5|G6; Control Relays=MY\\d|LY\\d|MK; Safety Relays=G9S; Servo Drives=R88D; Servo Motors=R88M; Variable Frequency Drives=3G3; HMIs=N[BSA]\\d; AC-DC Power Supplies=S8",
  fanuc: "Robot Controllers=R30I|RJ3; Industrial Robots=R2000|M\\d|LRMATE|ARCMATE|CRX|R1000|P\\d{3}; Servo Motors=A06B[02]; Servo Drives=A06B6",
  abb: "Robot Controllers=IRC5|OMNICORE; Industrial Robots=IRB; Variable Frequency Drives=AC[SHQ]\\d; Soft Starters=PST|PSE|PSR; Circuit Breakers=EMAX|TMAX|S2\\d{2}|XT\\d|SACE; Switchgear=UNIGEAR|SAFERING|ZS1|MNS; Contactors=AF\\d; Protective Relays=RE[FTMLD]\\d; Electric Motors=M[23][A-Z]{2}",
  kuka: "Robot Controllers=KRC; Industrial Robots=KR|LBR",
  yaskawa:
    "Servo Drives=SGD; Servo Motors=SGM; Variable Frequency Drives=GA[578]|[VAJ]1000|CIMR; Robot Controllers=YRC|DX\\d{3}|FS100; Industrial Robots=MOTOMAN|GP\\d|MH\\d|HC\\d|AR\\d",
  universalrobots: "Industrial Robots=UR",
  beckhoff: "Industrial PCs=CX\\d|C[56]\\d{3}; PLC I/O Modules=EL\\d|KL\\d|EK\\d; Servo Drives=AX\\d; Servo Motors=AM\\d",
  pilz: "Safety Relays=PNOZ; Safety PLCs=PSS",
  sick: "Light Curtains=C[24]000|DETEC|MINITWIN|M4000; Photoelectric Sensors=W\\d|WL|WT|GL6; Proximity Sensors=IME?\\d; Rotary Encoders=DFS|DBS|AF[SM]; Barcode Scanners=CLV|LECTOR",
  keyence: "Machine Vision Cameras=CV|IV|XG|VS; Light Curtains=GL|SL; Photoelectric Sensors=PZ|PR|LR|FS|PS; Barcode Scanners=SR|BL; PLCs=KV",
  banner: "Light Curtains=EZSCREEN|SLC4; Photoelectric Sensors=Q\\d|QS|WORLDBEAM",
  "ifm balluff turck pepperlfuchs": "Proximity Sensors=I[EFGI]\\d|BES|BI\\d|NB[BN]",
  heidenhain: "Rotary Encoders=ROD|ERN|ECN|EQN|RO[CQ]",
  "moxa hirschmann": "Fieldbus Gateways=MGATE|NPORT; Industrial Ethernet Switches=EDS|IKS|PT|RSP?\\d|MACH|SPIDER|OCTOPUS",
  "watlow eurotherm": "Temperature Controllers=EZZONE|PM\\d|F4|SD|[23]\\d{3}|EPC",
  festo:
    "Pneumatic Cylinders=DSBC|DNC|ADN|DSNU|DSBG|ADVU|DFM; Solenoid Valves=VUVG|MFH|VUVS|MEH; Pneumatic Valves=CPX|VTUG|VTSA|CPV|MPA; Linear Actuators=EGC|ESBF|EPCO|DGE|ELGA",
  smc: "Pneumatic Cylinders=CQ2|CDQ2|MB|CP96|C96|CG1|NCM|MGP|CDJ2|CJ2; Solenoid Valves=SY\\d|VQ\\d|VF\\d|SV\\d|VX\\d; Linear Actuators=LE[FYS]",
  cognex: "Barcode Scanners=DATAMAN|DM\\d; Machine Vision Cameras=INSIGHT|IS\\d",
  "zebra honeywell datalogic": "Barcode Scanners=DS\\d|LI\\d|LS\\d|XENON|GRANIT|VOYAGER|19[05]0|GRYPHON|POWERSCAN",
  "phoenixcontact phoenix":
    "AC-DC Power Supplies=QUINT|TRIO|STEP|UNO; Relays=PLCR|RIF; Industrial Ethernet Switches=FLSWITCH; Terminal Blocks=UT\\d|UK|PT\\d|ST\\d",
  minicircuits: "RF Components=Z[XFHNV]|PSA|GALI",
  // Laboratory & scientific
  "thermoscientific thermofisher thermofisherscientific thermo":
    "Centrifuges=SORVALL|HERAEUS|MEGAFUGE|MULTIFUGE|LEGEND; Mass Spectrometers=QEXACTIVE|ORBITRAP|TSQ|LTQ|ISQ|EXPLORIS|QUANTIVA|ALTIS; FTIR Spectrometers=NICOLET|IS\\d; Spectrophotometers=NANODROP|GENESYS|EVOLUTION; Ultra-Low Temperature Freezers=TSX|TDE|REVCO; Gas Chromatographs=TRACE; HPLC Systems=VANQUISH|ULTIMATE|DIONEX; Biosafety Cabinets=MSC|HERASAFE|1300; Incubators=HERACELL|FORMA",
  waters: "Mass Spectrometers=XEVO|SYNAPT|QUATTRO|MICROMASS|SQD|TQD|QDA; HPLC Systems=ACQUITY|ALLIANCE|E?2695|UPLC|ARC|BREEZE",
  "sciex absciex": "Mass Spectrometers=API|QTRAP|TRIPLE|X500|\\d{4}",
  shimadzu:
    "Mass Spectrometers=GCMS|LCMS; Gas Chromatographs=GC|NEXIS; HPLC Systems=LC|NEXERA|PROMINENCE; Spectrophotometers=UV\\d; FTIR Spectrometers=IRSPIRIT|IRTRACER|IRAFFINITY|FTIR; Analytical Balances=AU[WX]|AP\\d",
  perkinelmer: "Spectrophotometers=LAMBDA; FTIR Spectrometers=SPECTRUM|FRONTIER; Gas Chromatographs=CLARUS; Microplate Readers=ENVISION|ENSPIRE|VICTOR",
  bruker: "FTIR Spectrometers=ALPHA|TENSOR|INVENIO|VERTEX|LUMOS; Mass Spectrometers=TIMSTOF|MICROTOF|MAXIS|AUTOFLEX|ULTRAFLEX|IMPACT",
  eppendorf:
    "Centrifuges=5[48]\\d{2}|MINISPIN; Incubators=CELLXPERT|GALAXY; Pipettes=RESEARCH|XPLORER|MULTIPETTE|REFERENCE; Thermal Cyclers (PCR)=MASTERCYCLER|NEXUS; Liquid Handling Robots=EPMOTION; Laboratory Shakers=INNOVA|THERMOMIXER; Ultra-Low Temperature Freezers=CRYOCUBE|U\\d{3}",
  "beckmancoulter beckman":
    "Centrifuges=OPTIMA|AVANTI|ALLEGRA|MICROFUGE|J[2-6]|L[78]0; Liquid Handling Robots=BIOMEK; Particle Size Analyzers=LS13|MULTISIZER|DELSA",
  "zeiss carlzeiss nikon olympus evident leica": "Microscopes=AXIO|PRIMO|STEMI|LSM|ECLIPSE|SMZ|TI\\d|BX|IX|CX|SZX|CKX|DM\\d|DMI|SP8|STELLARIS",
  mettlertoledo:
    "Titrators=T\\d(?!\\d)|G20|DL\\d{2}|V20|C20|EXCELLENCE; Analytical Balances=(XPR|XSR|XS|XP|MS|ME|AB|ML|AL)\\d{3}(?!\\d); Laboratory Balances=(XPR|XSR|XS|XP|MS|ME|PB|PG|JL|ML)\\d{4}|PB|PG|PL|SB",
  sartorius: "Laboratory Balances=(QUINTIX|SECURA|ENTRIS|MSA|MSE|CPA)\\d{4,}; Analytical Balances=QUINTIX|SECURA|CUBIS|ENTRIS|MSA|MSE|CPA|PRACTUM",
  antonpaar: "Rheometers=MCR|RHEOLAB; Particle Size Analyzers=PSA|LITESIZER",
  "malvernpanalytical malvern": "Particle Size Analyzers=MASTERSIZER|ZETASIZER|MORPHOLOGI; Rheometers=KINEXUS|BOHLIN",
  biorad: "Thermal Cyclers (PCR)=CFX|C1000|T100|S1000|MYCYCLER|ICYCLER|DNAENGINE|PTC; Microplate Readers=ISCAN|IMARK|BENCHMARK",
  "biotek tecan hamilton":
    "Liquid Handling Robots=FREEDOMEVO|EVO|FLUENT|MICROLAB|STAR|VANTAGE; Microplate Readers=SYNERGY|EPOCH|CYTATION|ELX8|POWERWAVE|INFINITE|SPARK|SUNRISE",
  labconco: "Fume Hoods=PROTECTOR|XSTREAM; Glove Boxes=GLOVEBOX|PRECISE; Biosafety Cabinets=LOGIC|PURIFIER",
  edwards: "Laboratory Vacuum Pumps=NXDS|RV\\d|XDS|E2M|NEXT",
  ika: "Hot Plates & Stirrers=RCT|CMAG|RET; Laboratory Shakers=KS\\d|HS\\d|VORTEX|MS3; Mixers & Agitators=EUROSTAR|RW\\d",
  memmert: "Laboratory Ovens=U[NF]; Incubators=IN\\d|INB|ICP|IPP; Water Baths=W[NTP]",
  hach: "Water Quality Analyzers=DR\\d|HQ\\d|SC\\d{3}|2100",
  // Electrical & power (Caterpillar's generators are with its machines below)
  kohler: "Natural Gas Generators=\\d+RE[SZ]|\\d+RCL; Diesel Generators=\\d+REO|KD\\d",
  "generac generacmobile": "Light Towers=MLT|MLG|VT; Natural Gas Generators=SG\\d|QT\\d|RG\\d|GUARDIAN|PROTECTOR; Diesel Generators=SD\\d|MD\\d|RD\\d|MDG",
  cummins: "Natural Gas Generators=C\\d+N|GG|GT; Diesel Generators=C\\d|DQ|QS[KXB]|DFE",
  eaton:
    "UPS Systems=9PX|9SX|93PM|935[05]|9395|93E|5PX|5P\\d|9130|9E; Circuit Breakers=MAGNUM|MDS|SERIESC|H?FD\\d|[KLNR]D\\d|BAB|QBH|CH\\d; Motor Control Centers=FREEDOM|F?2100; Variable Frequency Drives=D[GMA]1|POWERXL|SVX|SPX; Panelboards=PRL; Automatic Transfer Switches=ATC|ATH",
  apc: "UPS Systems=SMART|SMT|SRT|SUA|SYMMETRA|GALAXY|SURT|SMX|BR\\d|BX\\d; Power Distribution Units=AP\\d{4}",
  "schweitzerengineeringlaboratories sel": "Protective Relays=SEL|\\d{3}",
  "ge gemultilin": "Protective Relays=MULTILIN|SR\\d{3}|[FLMT][36][05]|4[68]9|7[56]0",
  weg: "Variable Frequency Drives=CFW; Soft Starters=SSW; Electric Motors=W\\d{2}|W01",
  "baldorreliance baldor": "Electric Motors=EM\\d|CEM|VEM|M\\d{4}|IDNM|CDP",
  "sma fronius solaredge huawei": "Solar Inverters=SUNNY|STP|SB\\d|SHP|SYMO|PRIMO|ECO|GALVO|TAURO|SE\\d|SUN2000",
  dranetz: "Power Quality Analyzers=HDPQ|PX5|PQ",
  // Process equipment
  endresshauser:
    "Level Transmitters=LEVELFLEX|MICROPILOT|LIQUIPHANT|PROSONIC[MST]|FM[RPU]|FTL; Flow Meters=PROMAG|PROMASS|PROWIRL|PROSONIC|PROLINE|TMASS|\\d{2}[WFP]; Pressure Transmitters=CERABAR|DELTABAR|DELTAPILOT|PM[CPD]; Temperature Transmitters=ITEMP|TMT",
  "rosemount emerson micromotion":
    "Temperature Transmitters=644|3144|248|148; Level Transmitters=5[3-9]\\d{2}|3300|2[01][2-4]0|3100; Flow Meters=3051SF|87\\d{2}|8800|MICROMOTION|CMF|ELITE|F\\d{3}; Pressure Transmitters=3051|2051|3095|1151|2088",
  fisher: "Valve Actuators=667|657|1052|1061|2052; Control Valves=EASYE|E[DTZW]|V\\d{3}|VEE|DBALL|CONTROLDISK|HP\\d|GX",
  "rotork auma": "Valve Actuators=IQ|CK|AWT|SA|SQ|AUMATIC",
  spiraxsarco: "Steam Traps=FT\\d|TD\\d|SMS|BPT|UTD|IB",
  grundfos: "Metering Pumps=DD[ACE]|DM[EX]; Centrifugal Pumps=CR|NB|NK|TP|UPS|MAGNA|SP|CM",
  "goulds gouldspumps xylem": "Centrifugal Pumps=3196|3656|3700|3410|3298|SSH|E?SV|NPE|GT",
  "miltonroy prominent lmi": "Metering Pumps=MROY|GAMMA|BETA|DELTA|SIGMA|CONCEPT|[A-Z]?\\d",
  "wilden aro graco yamada sandpiper": "Diaphragm Pumps=P\\d|PRO|HUSKY|PD\\d|NDP|S\\d",
  atlascopco:
    "Drill Jumbos=BOOMER; Underground Loaders (LHD)=SCOOPTRAM|ST\\d; Underground Mining Trucks=MINETRUCK|MT\\d; Blasthole Drills=PITVIPER|DM\\d; Rock Drills=SMARTROC|FLEXIROC|ROC; Diesel Generators=QAS|QES|QAC; Light Towers=HILIGHT|QLT; Air Compressors=G[AXR]\\d|Z[RTH]|G\\d|XA|GA",
  "ingersollrand kaeser sullair quincy gardnerdenver elgi": "Air Compressors=R\\d|UP\\d|SSR|NIRVANA|T30|RS\\d|SK|[ABCD]SD|SM\\d|AS\\d|SFC|LS\\d|QGS|QSI|\\d",
  alfalaval: "Heat Exchangers=M\\d|T\\d|TL|AQ|CBH?\\d|MK|ALFANOVA",
  "carrier trane york johnsoncontrols": "Chillers=30[XRGH]|19X|23X|AQUA|RTA[ACF]|CVH[EF]|CGA[MF]|RTHD|RTWD|CVGF|YK|YVAA|YCAL|YLAA|YT|YMC|YVWA|YCIV",
  cleaverbrooks: "Boilers=CB|CFC|CFH|CLEARFIRE|4WI",
  "donaldson donaldsontorit": "Dust Collectors=TORIT|DFO|DFE|DFT|DCE",
  aerzen: "Blowers=DELTA|GM|AT|VM",
  "spxflow lightnin": "Mixers & Agitators=LIGHTNIN|\\d{2}Q|XJ|EV",
  // Construction, mining and material handling
  "caterpillar cat":
    "Mini Excavators=30[1-9]\\d?(CR|CC|E2|E|D|SR|C)?$; Excavators=3[1-9]\\d(?!\\d)|M3\\d{2}; Hydraulic Mining Shovels=60[0-9]{2}|5[01]\\d0; Mining Dozers=D1[01]; Diesel Generators=C\\d{1,2}(?![A-Z])|3[45]\\d{2}|XQ\\d|GEP; Bulldozers=D[3-9]; Wheel Loaders=9\\d{2}(?!\\d); Motor Graders=(1[2-6]\\d|1[2-8]|24)[MHGK]|1[2-6]0(?!\\d); Articulated Dump Trucks=7[2-4][05](?!\\d); Haul Trucks=7[7-9]\\d(?!\\d); Backhoe Loaders=4[1-5]\\d(?!\\d); Compact Track Loaders=2[3-9]9; Skid Steer Loaders=2[2-7][26]; Scrapers=6[1-5]\\d(?!\\d); Soil Compactors=C[SP]\\d; Road Rollers=C[BWD]\\d; Asphalt Pavers=AP\\d; Cold Planers=PM\\d; Telehandlers=TH\\d; Electric Forklifts=2?EP\\d; Forklifts=[GD]P\\d|GC\\d",
  komatsu:
    "Mini Excavators=PC[0-8]\\d(?!\\d); Hydraulic Mining Shovels=PC(1250|[2-9]\\d{3}); Excavators=PC\\d{3}; Wheel Loaders=WA; Mining Dozers=D[3-5]75; Bulldozers=D\\d; Haul Trucks=HD\\d|[2-9]\\d{2}E; Articulated Dump Trucks=HM\\d; Motor Graders=GD\\d; Continuous Miners=(JOY)?1[0-4]CM; Longwall Shearers=(JOY)?[4-7]LS; Forklifts=F[GD]\\d",
  "johndeere deere":
    "Mini Excavators=(17|26|30|35|50|60)[GDP]; Articulated Dump Trucks=[2-4]\\d0E(?!\\d); Backhoe Loaders=[347]10[A-Z]; Excavators=\\d{3}[GP]LC|[12]\\d{2}[GP]|4[5-9]0[GP]; Skid Steer Loaders=3[1-3][02468]G; Compact Track Loaders=3[1-3][13579]G; Bulldozers=[4-9][05]0[JKLP]|1050K; Wheel Loaders=[2-9]44|[5-9]24; Motor Graders=(62|67|77|87)[02]G",
  hitachi: "Mini Excavators=ZX\\d{2}U|ZX[1-8]\\d(?!\\d); Hydraulic Mining Shovels=EX\\d{4}; Haul Trucks=EH\\d; Excavators=ZX\\d|ZAXIS; Wheel Loaders=ZW",
  "volvo volvoce":
    "Mini Excavators=ECR?[1-8]\\d(?!\\d); Excavators=EC|EW\\d; Wheel Loaders=L\\d; Articulated Dump Trucks=A\\d{2}; Soil Compactors=SD\\d; Road Rollers=DD\\d; Asphalt Pavers=P\\d; Motor Graders=G9\\d",
  kubota: "Mini Excavators=KX|U\\d{2}|K008; Compact Track Loaders=SVL; Skid Steer Loaders=SSV; Wheel Loaders=R\\d{3}",
  bobcat: "Telehandlers=TL\\d|T\\d{2}\\d{2}; Mini Excavators=E\\d{2}; Skid Steer Loaders=S\\d{3}; Compact Track Loaders=T\\d{3}",
  jcb: "Backhoe Loaders=[1-5]CX; Mini Excavators=80\\d{2}|\\d{2}[CZR]1?$; Excavators=JS\\d|JZ\\d; Telehandlers=5[0-6]\\d{4}|LOADALL",
  "case caseconstruction":
    "Rough Terrain Forklifts=58[568][GH]; Backhoe Loaders=5[789]0; Mini Excavators=CX\\d{2}(?!\\d); Excavators=CX\\d{3}; Skid Steer Loaders=S[VR]\\d; Compact Track Loaders=T[VR]\\d; Wheel Loaders=[5-9]21; Bulldozers=[6-9]50|1150|2050",
  "hyundai doosan develon takeuchi yanmar":
    "Mini Excavators=(HX|R|DX)\\d{2}(?!\\d)|TB\\d|VIO|SV\\d; Excavators=(HX|R|DX)\\d{3}; Wheel Loaders=H?L\\d|DL\\d; Articulated Dump Trucks=DA\\d; Compact Track Loaders=TL\\d",
  liebherr:
    "All Terrain Cranes=LTM|LTC|LTF; Crawler Cranes=LR\\d|LRT|HS\\d; Tower Cranes=EC|\\d{2,3}(EC|HC|K); Haul Trucks=T2\\d{2}; Hydraulic Mining Shovels=R9\\d{3}|R99; Excavators=R\\d{3}|A9\\d{2}; Wheel Loaders=L\\d{3}; Bulldozers=PR\\d; Telehandlers=T\\d{2}",
  "grove manitowoc tadano terex demag potain":
    "Rough Terrain Cranes=RT\\d|GR\\d; All Terrain Cranes=GMK|ATF|AC\\d; Crawler Cranes=MLC|CC\\d; Tower Cranes=MDT|MCT|IGO|HUP",
  "genie skyjack haulotte": "Scissor Lifts=GS|SJ|COMPACT|OPTIMUM; Telehandlers=GTH; Boom Lifts=S\\d|Z\\d|SX|HA\\d|HT\\d",
  jlg: "Scissor Lifts=\\d{4}[ER]S|[ER]S\\d|LIFTLUX; Boom Lifts=[EH]?\\d{3,4}(S|SJ|AJ|A|AJP|J)$|E\\d{3}|H\\d{3}; Telehandlers=\\d{3,4}$|G\\d|SKYTRAK",
  "putzmeister schwing": "Concrete Pumps=\\d{2}Z|M\\d{2}|BSF|BSA|S\\d{2}|SP\\d|KVM",
  "vermeer ditchwitch": "Horizontal Directional Drills=D\\d{1,3}X\\d|NAVIGATOR|JT\\d|AT\\d; Trenchers=RTX|T\\d{3}|RT\\d",
  "wirtgen vogele hamm bomag dynapac sakai":
    "Cold Planers=W\\d{2,3}; Asphalt Pavers=SUPER|SD\\d; Road Rollers=HD|CC\\d|SW\\d|BW\\d{3}AD|BW\\d{2,3}(?![\\dD])|BW\\d{3}$; Soil Compactors=H\\d|BW\\d{3}D|CA\\d|SV\\d",
  "epiroc sandvik":
    "Drill Jumbos=BOOMER|DD\\d|DT\\d|DL\\d|AXERA; Underground Loaders (LHD)=SCOOPTRAM|ST\\d|LH\\d|TORO; Underground Mining Trucks=MINETRUCK|MT\\d|TH\\d; Blasthole Drills=PITVIPER|DM\\d|D[56]5; Rock Drills=SMARTROC|FLEXIROC|ROC|RANGER|PANTERA|LEOPARD|DX\\d|DI\\d|DP\\d|COMMANDO; Rock Breakers=MB\\d|HB\\d|SB\\d|BR\\d|RAMMER; Mobile Crushing Plants=Q[JHIEAS]|UJ; Cone Crushers=C[HS]\\d; Jaw Crushers=CJ\\d; Roof Bolters=DS\\d; Continuous Miners=M[BFC]\\d",
  "metso metsooutotec":
    "Mobile Crushing Plants=LOKOTRACK|LT\\d; Jaw Crushers=(NORDBERG)?C\\d{2,3}; Cone Crushers=(NORDBERG)?(HP|GP|MP|MX)\\d; Impact Crushers=(NORDBERG)?NP\\d|BARMAC; Vibrating Screens=ST\\d|CVB; Ball Mills=BALLMILL|VERTIMILL; Flotation Cells=TANKCELL|RCS",
  "terexfinlay finlay": "Mobile Crushing Plants=[JCI]\\d{3,4}; Vibrating Screens=\\d{3}",
  flsmidth: "Cone Crushers=RAPTOR; Flotation Cells=WEMCO|DORROLIVER|NEXTSTEP; Thickeners=EIMCO|THICKENER; Ball Mills=BALLMILL|UMS|SAG",
  "joy joyglobal jhfletcher fletcher": "Continuous Miners=\\d{2}CM; Longwall Shearers=\\d{1,2}LS; Shuttle Cars=\\d{2}SC; Roof Bolters=DDR|DDO|RB\\d|\\d{2}RB",
  "belaz unitrig": "Haul Trucks=75\\d{2,3}|MT\\d",
  "toyota toyotamaterialhandling":
    "Tow Tractors=\\d?CBT; Electric Pallet Jacks=\\d?HB[WEC]; Reach Trucks=\\d?BRU|\\d?BNCU|RRE; Order Pickers=\\d?BPU|OSE; Electric Forklifts=\\d?FB; Forklifts=\\d?F[GD]; Pallet Stackers=\\d?BS",
  hyster:
    "Container Handlers=H\\d{3,4}HDSCH|H\\d{3,4}.*CH$; Reach Stackers=RS\\d; Reach Trucks=N\\d{2}(Z|X|XM)?[DR]; Electric Pallet Jacks=W\\d{2}|B\\d{2}Z|P\\d{2}; Electric Forklifts=[JE]\\d{2}; Forklifts=H\\d|S\\d{2}",
  yale: "Electric Forklifts=ER[PC]|ESC; Reach Trucks=NR|NDR|MR\\d; Electric Pallet Jacks=MP[BEWT]; Order Pickers=OS\\d; Forklifts=G[LD][PC]|GP\\d",
  crown:
    "Reach Trucks=RR|RD|ESR|RM; Order Pickers=T?SP; Forklifts=C5; Electric Pallet Jacks=PE\\d|PC\\d|WP\\d|WT\\d|PW\\d|GPC; Pallet Jacks=PTH|PHT; Pallet Stackers=ST\\d|SX\\d|SHC|M\\d{4}; Electric Forklifts=SC\\d|FC\\d|RC\\d",
  raymond: "Order Pickers=5[0-9]00; Reach Trucks=7[0-9]{2,3}|EASI; Electric Pallet Jacks=8\\d{3}|102T; Pallet Stackers=RS[SB]; Electric Forklifts=4\\d{3}",
  linde:
    "Reach Trucks=R\\d{2}; Electric Pallet Jacks=M?T\\d{2}; Pallet Stackers=L\\d{2}; Order Pickers=[VN]\\d{2}; Electric Forklifts=E\\d{2}; Forklifts=H\\d{2}; Tow Tractors=P\\d{2}",
  jungheinrich:
    "Pallet Jacks=AM\\d; Electric Pallet Jacks=EJE|ERE|ESE|EME; Reach Trucks=ET[VRM]; Order Pickers=EK[SX]|ECE; Pallet Stackers=EJC|EMC|ERC|ESC|EJD; Electric Forklifts=EFG; Forklifts=[DT]FG",
  kalmar: "Reach Stackers=DR[GFTU]; Forklifts=DC[GFE]|ECG; Tow Tractors=T2|TR\\d|OTTAWA",
  combilift: "Side Loaders=C\\d|CB\\d|SL\\d|ESL|GT",
  clark: "Electric Forklifts=EC\\d|ECX|GEX|TMX|EPX; Forklifts=C\\d|CGP|CGC|CMP|GTS|S\\d{2}",
  "cm columbusmckinnon harrington": "Electric Chain Hoists=LODESTAR|VALUESTAR|LS\\d|S?NER|ER\\d",
  demag: "Wire Rope Hoists=DR|DH; Electric Chain Hoists=DC",
  konecranes: "Electric Chain Hoists=CLX|SLX; Overhead Cranes=CXT|SMARON|UNIQ",
  gorbel: "Gantry Cranes=GANTRY; Jib Cranes=FS\\d|WF|WS|MT",
  hytrol: "Belt Conveyors=T[ALHR]|B[LA]|RB; Roller Conveyors=\\d{3}|ABEZ|EZLOGIC|LR|GR|NBEZ",
  bigjoe: "Pallet Stackers=PDS|PDW|LPS|ADS",
  "*": "Microcontrollers=STM32|STM8|ATMEGA|ATTINY|ATSAM|PIC1[0268]|PIC24|PIC32|DSPIC|MSP430|ESP32|NRF5|LPC\\d|MK[L26]\\d|R5F|RP2040|EFM32; FPGAs=XC[0-9][SVKAZ]|XC7|XCKU|XCVU|XCZU|XC6S|EP[234]C|10AX|10M\\d|5C[SG]|ICE40|LFE5|LCMXO; Memory ICs=MT[24][0-9]|IS4[0-9]|IS61|K4[ABT]|CY7C|AT2[45]|W25|S25FL|MX25|N25Q|24LC|93LC; Power MOSFETs=IRF|IP[PW]\\d|STP\\d{2}N|STW|FQP|FDP|BSC\\d; IGBT Modules=FF\\d{3}R|FZ\\d{3,4}R|FS\\d{2,3}R|SKM\\d|CM\\d{3,4}D|2MBI|7MBR; Voltage Regulators=LM78|LM317|LM1117|LM2596|TPS\\d|LT1\\d{3}|LD1117|AMS1117|MCP17|L78|UA78|NCP1117; Integrated Circuits=AD\\d|ADUM|LTC|MAX\\d|TL0\\d|NE555|SN74|CD40|74HC|74LS|OPA\\d|INA\\d|TLV; Diodes=1N[45]\\d|BAT\\d|BAV|MBR|STTH; Transistors=2N\\d|BC[58]\\d|BD\\d|TIP\\d|MJ[DE]?\\d|MMBT; Optocouplers=PC81|6N1[34]|TLP\\d|HCPL|4N[23]\\d|MOC\\d; Capacitors=GRM|GCM|CL[0-3]\\d|B4[0-9]{4}|EEU|T49|TAJ|B32; Resistors=CRCW|RC0\\d|ERJ|RN5\\d|RN60|RH0|CMF|WSL|RK73; Inductors=744|SRR|SRN|IHLP|LQH|XAL|XFL; Connectors=D38999|MS3[14]\\d{2}|DF1\\d; DC-DC Converters=DCM\\d|BCM\\d|PRM\\d|R78|RKZ|TMR\\d; AC-DC Power Supplies=RSP|LRS|HDR|SDR|NDR|HLG|UHP",
};

/** A brand's usual category when nothing else is known ("brand keys: Item"); the catalogue's own brands add theirs. */
const BRAND_PRIORS: readonly string[] = [
  "fluke megger: Digital Multimeters",
  "keysight agilent hp tektronix rigol siglent teledynelecroy lecroy gwinstek picotech: Oscilloscopes",
  "caterpillar cat komatsu hitachi hyundai doosan develon liebherr sany: Excavators",
  "kubota takeuchi yanmar wackerneuson: Mini Excavators",
  "bobcat gehl: Skid Steer Loaders",
  "jcb: Backhoe Loaders",
  "toyota hyster yale clark nissan mitsubishilogisnext doosanforklift: Forklifts",
  "crown raymond jungheinrich: Electric Pallet Jacks",
  "genie skyjack: Scissor Lifts",
  "jlg haulotte snorkel: Boom Lifts",
  "grove tadano: Rough Terrain Cranes",
  "manitowoc: Crawler Cranes",
  "putzmeister schwing: Concrete Pumps",
  "vermeer ditchwitch: Horizontal Directional Drills",
  "bomag hamm dynapac sakai: Road Rollers",
  "vogele: Asphalt Pavers",
  "wirtgen: Cold Planers",
  "epiroc sandvik: Rock Drills",
  "metso metsooutotec: Cone Crushers",
  "belaz: Haul Trucks",
  "siemens allenbradley rockwell rockwellautomation mitsubishielectric omron schneiderelectric modicon: PLCs",
  "danfoss lenze vacon yaskawa: Variable Frequency Drives",
  "seweurodrive nord: Electric Motors",
  "fanuc kuka universalrobots staubli denso epson: Industrial Robots",
  "ifm balluff turck pepperlfuchs: Proximity Sensors",
  "sick keyence banner: Photoelectric Sensors",
  "festo smc norgren parker: Pneumatic Cylinders",
  "cognex: Machine Vision Cameras",
  "moxa hirschmann: Industrial Ethernet Switches",
  "watlow eurotherm: Temperature Controllers",
  "ni nationalinstruments: Multifunction DAQ Devices",
  "waters shimadzu: HPLC Systems",
  "sciex absciex: Mass Spectrometers",
  "zeiss carlzeiss nikon olympus evident leica: Microscopes",
  "mettlertoledo sartorius ohaus: Analytical Balances",
  "biorad: Thermal Cyclers (PCR)",
  "tecan hamilton: Liquid Handling Robots",
  "apc eaton vertiv liebert: UPS Systems",
  "kohler cummins: Diesel Generators",
  "generac: Natural Gas Generators",
  "asco: Automatic Transfer Switches",
  "squared: Circuit Breakers",
  "weg baldor baldorreliance: Electric Motors",
  "sma fronius solaredge: Solar Inverters",
  "simplex avtron: Load Banks",
  "endresshauser krohne: Flow Meters",
  "rosemount: Pressure Transmitters",
  "fisher: Control Valves",
  "rotork auma: Valve Actuators",
  "grundfos goulds ksb: Centrifugal Pumps",
  "miltonroy prominent lmi: Metering Pumps",
  "wilden aro: Diaphragm Pumps",
  "atlascopco ingersollrand kaeser sullair quincy gardnerdenver: Air Compressors",
  "alfalaval: Heat Exchangers",
  "carrier trane york: Chillers",
  "microchip stmicroelectronics nxp renesas: Microcontrollers",
  "xilinx amdxilinx altera lattice: FPGAs",
  "micron: Memory ICs",
  "texasinstruments ti analogdevices: Integrated Circuits",
  "infineon semikron: IGBT Modules",
  "murata kemet: Capacitors",
  "amphenol molex teconnectivity harting: Connectors",
  "meanwell: AC-DC Power Supplies",
  "vicor: DC-DC Converters",
  "phoenixcontact wago weidmuller: Terminal Blocks",
  "littelfuse bussmann: Fuses",
  "ebmpapst: Cooling Fans",
];

// ——— The tables, read once ———

interface FamilyRule {
  category: CatalogueCategory;
  pattern: RegExp;
}

function parseFamilies(spec: string): FamilyRule[] {
  return spec.split(/;\s*/).map((part) => {
    const at = part.indexOf("=");
    return { category: categoryByName(part.slice(0, at).trim()), pattern: new RegExp(`^(?:${part.slice(at + 1).trim()})`) };
  });
}

const FAMILIES = new Map<string, FamilyRule[]>();
for (const [keys, spec] of Object.entries(FAMILY_RULES)) {
  const rules = parseFamilies(spec);
  for (const key of keys.split(" ")) FAMILIES.set(key, [...(FAMILIES.get(key) ?? []), ...rules]);
}
const GENERIC_FAMILIES = FAMILIES.get("*") ?? [];

interface Phrase {
  pattern: RegExp;
  words: number;
  category: CatalogueCategory;
}

function phraseOf(text: string, category: CatalogueCategory): Phrase | null {
  const words = normaliseWords(text).trim();
  if (words.length < 2) return null;
  // Normalised words are letters, digits and single spaces: nothing to escape.
  return { pattern: new RegExp(` ${words}(?:s|es)? `), words: words.split(" ").length, category };
}

/** Each item's own name (singular, plural, each half of "A & B", an acronym in brackets) and the synonyms. */
const PHRASES: readonly Phrase[] = [
  ...CATALOGUE_CATEGORIES.flatMap((category) =>
    category.name.split(" & ").flatMap((part) => {
      const inBrackets = /\(([^)]+)\)/.exec(part)?.[1] ?? null;
      const texts = [singularItemName(part), part.replace(/\s*\(.*\)\s*/, "")];
      if (inBrackets && inBrackets.length >= 3) texts.push(inBrackets);
      return texts.map((text) => phraseOf(text, category)).filter((p): p is Phrase => p !== null);
    }),
  ),
  ...SYNONYMS.flatMap((line) => {
    const [phrases, name] = line.split(" → ");
    const category = categoryByName(name!.trim());
    return phrases!
      .split("|")
      .map((text) => phraseOf(text, category))
      .filter((p): p is Phrase => p !== null);
  }),
];

const BRAND_PRIOR = new Map<string, CatalogueCategory>();
for (const line of BRAND_PRIORS) {
  const [keys, name] = line.split(": ");
  for (const key of keys!.split(" ")) BRAND_PRIOR.set(key, categoryByName(name!.trim()));
}
{
  // The catalogue's brands: the category most of their models are in (ties: the first listed).
  const counts = new Map<string, Map<string, number>>();
  for (const model of CATALOGUE_MODELS) {
    const key = brandSpellingKey(model.brand);
    const perBrand = counts.get(key) ?? new Map<string, number>();
    perBrand.set(model.categoryId, (perBrand.get(model.categoryId) ?? 0) + 1);
    counts.set(key, perBrand);
  }
  for (const [key, perBrand] of counts) {
    if (BRAND_PRIOR.has(key)) continue;
    const [best] = [...perBrand.entries()].sort((a, b) => b[1] - a[1]);
    const category = CATALOGUE_CATEGORIES.find((c) => c.id === best![0]);
    if (category) BRAND_PRIOR.set(key, category);
  }
}

// ——— Classifying ———

/** The brand's keys in the tables: as written and as the catalogue names it ("R&S" → rohdeschwarz). */
function brandKeys(brand: string): string[] {
  return [...new Set([brandSpellingKey(canonicalBrand(brand)), brandSpellingKey(brand)])].filter((key) => key !== "");
}

/**
 * The model's compact forms to match families against: the whole model (without a leading brand name), then from
 * each later word on ("Modicon M580 BMEP582040" → "MODICONM580BMEP582040", "M580BMEP582040", "BMEP582040").
 */
function modelReadings(brand: string, model: string): string[] {
  const words = model
    .trim()
    .split(/[\s/,]+/)
    .filter(Boolean);
  const brandCompact = compactModel(canonicalBrand(brand));
  const readings: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    let reading = compactModel(words.slice(i).join(""));
    if (i === 0 && brandCompact && reading.startsWith(brandCompact) && reading.length > brandCompact.length + 1) {
      reading = reading.slice(brandCompact.length);
    }
    if (reading) readings.push(reading);
  }
  return [...new Set(readings)];
}

function familyMatch(rules: readonly FamilyRule[], readings: readonly string[]): CatalogueCategory | null {
  for (const reading of readings) {
    const rule = rules.find((r) => r.pattern.test(reading));
    if (rule) return rule.category;
  }
  return null;
}

/** The item whose name (or synonym) appears in the text, the longest phrase winning. */
export function keywordCategory(text: string): CatalogueCategory | null {
  const words = normaliseWords(text);
  let best: Phrase | null = null;
  for (const phrase of PHRASES) {
    if ((best === null || phrase.words > best.words) && phrase.pattern.test(words)) best = phrase;
  }
  return best?.category ?? null;
}

/** The brand's family key, read through the catalogue's names (brandFamily in app/lib/brands.ts). */
function familyOf(brand: string): string {
  return brandFamily(canonicalBrand(brand));
}

/** Catalogue models of the same brand whose model numbers share the longest prefix (at least 3 characters). */
function neighbourCategory(brand: string, readings: readonly string[]): { category: CatalogueCategory; confidence: number } | null {
  const family = familyOf(brand);
  const first = readings[0];
  if (!family || !first) return null;
  let bestLength = 0;
  let votes = new Map<string, number>();
  for (const model of CATALOGUE_MODELS) {
    if (familyOf(model.brand) !== family) continue;
    const other = compactModel(model.model);
    let length = 0;
    while (length < first.length && length < other.length && first[length] === other[length]) length += 1;
    if (length < 3 || length < bestLength) continue;
    if (length > bestLength) {
      bestLength = length;
      votes = new Map();
    }
    votes.set(model.categoryId, (votes.get(model.categoryId) ?? 0) + 1);
  }
  if (votes.size === 0) return null;
  const [winner] = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  const category = CATALOGUE_CATEGORIES.find((c) => c.id === winner![0]);
  if (!category) return null;
  if (votes.size > 1) return { category, confidence: 0.5 };
  return { category, confidence: bestLength >= 4 ? 0.8 : CLASSIFIER_CONFIDENCE.neighbour };
}

function guess(category: CatalogueCategory, confidence: number, source: ClassifierSource): CategoryGuess {
  return { category, confidence, certain: confidence >= CERTAIN_CONFIDENCE, source };
}

/** The category of the equipment, how sure, and from what (see the top of this file). */
export function classifyCategory({ brand, model, hints = [] }: ClassifierInput): CategoryGuess {
  const known = findCatalogueModel(brand, model);
  if (known) {
    const category = CATALOGUE_CATEGORIES.find((c) => c.id === known.categoryId);
    if (category) return guess(category, CLASSIFIER_CONFIDENCE.catalogue, "catalogue");
  }
  const readings = modelReadings(brand, model);
  for (const key of brandKeys(brand)) {
    const rules = FAMILIES.get(key);
    const found = rules ? familyMatch(rules, readings) : null;
    if (found) return guess(found, CLASSIFIER_CONFIDENCE.family, "family");
  }
  const named = keywordCategory(`${brand} ${model}`);
  if (named) return guess(named, CLASSIFIER_CONFIDENCE.keyword, "keyword");
  const part = familyMatch(GENERIC_FAMILIES, readings);
  if (part) return guess(part, CLASSIFIER_CONFIDENCE.part, "part");
  const neighbour = neighbourCategory(brand, readings);
  if (neighbour) return guess(neighbour.category, neighbour.confidence, "neighbour");
  const hinted = hints.length > 0 ? keywordCategory(hints.join(" . ")) : null;
  if (hinted) return guess(hinted, CLASSIFIER_CONFIDENCE.hint, "hint");
  for (const key of brandKeys(brand)) {
    const prior = BRAND_PRIOR.get(key);
    if (prior) return guess(prior, CLASSIFIER_CONFIDENCE.brand, "brand");
  }
  return guess(categoryByName(DEFAULT_CATEGORY_NAME), CLASSIFIER_CONFIDENCE.default, "default");
}
