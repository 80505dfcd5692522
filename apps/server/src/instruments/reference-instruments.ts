import type { InstrumentType } from '@kontor/domain/enums';

/**
 * The real instruments of Kontor's universe: ISIN, WKN, name, short name, type, quote currency and
 * a realistic price level in that currency (rounded, for the market simulator; not a quote).
 *
 * The first 99 rows are the verified reference list (shared/data/reference-instruments.csv); the
 * rest are further well-known shares, ETFs, funds and indices. Every ISIN passes the check digit
 * test (seed.test.ts); for German ISINs the WKN is characters 6–11 of the ISIN. Crypto assets carry
 * the XF000… identifiers German brokers use and have no WKN.
 *
 * Row order is popularity: it decides the order of equally good search hits.
 *
 * Tags: `top` = savings plan, fractions and weekend trading; `plan` = savings plan and fractions;
 * `em:CODE` = issuer (ETFs, funds, ETCs); `und:ISIN` or `undname:Name_With_Underscores` = the index
 * an ETF tracks; `noplan` = no savings plan.
 */
const ROWS = `
DE0007164600|716460|AKTIE|EUR|231.50|SAP SE|SAP|top
DE0007236101|723610|AKTIE|EUR|224.80|Siemens AG|Siemens|top
DE0005557508|555750|AKTIE|EUR|28.90|Deutsche Telekom AG|Dt. Telekom|top
NL0000235190|938914|AKTIE|EUR|182.40|Airbus SE|Airbus|top
DE0008404005|840400|AKTIE|EUR|352.60|Allianz SE|Allianz|top
DE0008430026|843002|AKTIE|EUR|512.00|Münchener Rückversicherungs-Gesellschaft AG|Münchener Rück|plan
DE000SHL1006|SHL100|AKTIE|EUR|46.70|Siemens Healthineers AG|Siemens Healthineers|plan
DE0006599905|659990|AKTIE|EUR|112.30|Merck KGaA|Merck KGaA|plan
DE0007100000|710000|AKTIE|EUR|55.20|Mercedes-Benz Group AG|Mercedes-Benz|top
DE000PAG9113|PAG911|AKTIE|EUR|43.10|Dr. Ing. h.c. F. Porsche AG Vz.|Porsche AG|plan
DE0007664039|766403|AKTIE|EUR|94.60|Volkswagen AG Vz.|VW Vz.|top
DE0005190003|519000|AKTIE|EUR|86.40|Bayerische Motoren Werke AG|BMW|top
DE0006231004|623100|AKTIE|EUR|35.80|Infineon Technologies AG|Infineon|top
DE000ENER6Y0|ENER6Y|AKTIE|EUR|104.20|Siemens Energy AG|Siemens Energy|top
DE000A1EWWW0|A1EWWW|AKTIE|EUR|178.90|adidas AG|adidas|plan
DE000BASF111|BASF11|AKTIE|EUR|44.30|BASF SE|BASF|top
DE0005810055|581005|AKTIE|EUR|226.00|Deutsche Börse AG|Dt. Börse|plan
DE0005552004|555200|AKTIE|EUR|37.60|DHL Group|DHL|plan
DE0005140008|514000|AKTIE|EUR|30.15|Deutsche Bank AG|Dt. Bank|top
DE0007030009|703000|AKTIE|EUR|1685.00|Rheinmetall AG|Rheinmetall|top
DE000ENAG999|ENAG99|AKTIE|EUR|15.20|E.ON SE|E.ON|plan
DE000CBK1001|CBK100|AKTIE|EUR|32.40|Commerzbank AG|Commerzbank|top
DE0007037129|703712|AKTIE|EUR|38.70|RWE AG|RWE|plan
DE000BAY0017|BAY001|AKTIE|EUR|27.90|Bayer AG|Bayer|top
DE000A1ML7J1|A1ML7J|AKTIE|EUR|27.10|Vonovia SE|Vonovia|plan
DE000ZAL1111|ZAL111|AKTIE|EUR|24.80|Zalando SE|Zalando|plan
DE0005200000|520000|AKTIE|EUR|104.50|Beiersdorf AG|Beiersdorf|plan
DE000A1DAHH0|A1DAHH|AKTIE|EUR|53.20|Brenntag SE|Brenntag|plan
DE0005439004|543900|AKTIE|EUR|68.40|Continental AG|Continental|plan
DE000DTR0CK8|DTR0CK|AKTIE|EUR|37.90|Daimler Truck Holding AG|Daimler Truck|plan
DE0005785604|578560|AKTIE|EUR|44.60|Fresenius SE & Co. KGaA|Fresenius|plan
DE0005785802|578580|AKTIE|EUR|41.30|Fresenius Medical Care AG|Fresenius Medical Care|plan
DE0008402215|840221|AKTIE|EUR|259.00|Hannover Rück SE|Hannover Rück|plan
DE0006047004|604700|AKTIE|EUR|186.50|Heidelberg Materials AG|Heidelberg Materials|plan
DE0006048432|604843|AKTIE|EUR|68.20|Henkel AG & Co. KGaA Vz.|Henkel Vz.|plan
DE000A0D9PT0|A0D9PT|AKTIE|EUR|355.00|MTU Aero Engines AG|MTU Aero Engines|plan
DE000PAH0038|PAH003|AKTIE|EUR|35.40|Porsche Automobil Holding SE Vz.|Porsche SE|plan
DE0007165631|716563|AKTIE|EUR|205.00|Sartorius AG Vz.|Sartorius Vz.|plan
DE000SYM9999|SYM999|AKTIE|EUR|93.10|Symrise AG|Symrise|plan
US0378331005|865985|AKTIE|USD|228.50|Apple Inc.|Apple|top
US5949181045|870747|AKTIE|USD|495.00|Microsoft Corp.|Microsoft|top
US0231351067|906866|AKTIE|USD|221.00|Amazon.com Inc.|Amazon|top
US67066G1040|918422|AKTIE|USD|178.40|NVIDIA Corp.|NVIDIA|top
US88160R1014|A1CX3T|AKTIE|USD|412.00|Tesla Inc.|Tesla|top
US30303M1027|A1JWVX|AKTIE|USD|712.00|Meta Platforms Inc. A|Meta Platforms|top
US02079K3059|A14Y6F|AKTIE|USD|245.30|Alphabet Inc. A|Alphabet A|top
US02079K1079|A14Y6H|AKTIE|USD|246.10|Alphabet Inc. C|Alphabet C|top
US64110L1061|552484|AKTIE|USD|1180.00|Netflix Inc.|Netflix|top
US92826C8394|A0NC7B|AKTIE|USD|341.00|Visa Inc. A|Visa|top
US46625H1005|850628|AKTIE|USD|298.00|JPMorgan Chase & Co.|JPMorgan|plan
US1912161007|850663|AKTIE|USD|69.80|The Coca-Cola Co.|Coca-Cola|top
US4781601046|853260|AKTIE|USD|178.20|Johnson & Johnson|Johnson & Johnson|plan
US0846707026|A0YJQ2|AKTIE|USD|489.00|Berkshire Hathaway Inc. B|Berkshire Hathaway B|plan
US0079031078|863186|AKTIE|USD|162.50|Advanced Micro Devices Inc.|AMD|top
US4581401001|855681|AKTIE|USD|24.60|Intel Corp.|Intel|top
US2546871060|855686|AKTIE|USD|112.40|The Walt Disney Co.|Walt Disney|plan
US5801351017|856958|AKTIE|USD|296.00|McDonald's Corp.|McDonald's|plan
US7427181091|852062|AKTIE|USD|154.80|Procter & Gamble Co.|Procter & Gamble|plan
US7170811035|852009|AKTIE|USD|25.30|Pfizer Inc.|Pfizer|plan
US30231G1022|852549|AKTIE|USD|112.70|Exxon Mobil Corp.|Exxon Mobil|plan
US0970231058|850471|AKTIE|USD|214.00|The Boeing Co.|Boeing|plan
US6541061031|866993|AKTIE|USD|68.40|Nike Inc. B|Nike|plan
US70450Y1038|A14R7U|AKTIE|USD|68.90|PayPal Holdings Inc.|PayPal|top
US69608A1088|A2QA4J|AKTIE|USD|172.00|Palantir Technologies Inc. A|Palantir|top
US36467W1099|A0HGDX|AKTIE|USD|23.40|GameStop Corp. A|GameStop|top
CH0038863350|A0Q4DC|AKTIE|CHF|79.40|Nestlé S.A.|Nestlé|plan
CH0012005267|904278|AKTIE|CHF|86.20|Novartis AG|Novartis|plan
CH0012032048|855167|AKTIE|CHF|252.60|Roche Holding AG Genussscheine|Roche GS|plan
NL0010273215|A1J4U4|AKTIE|EUR|742.00|ASML Holding N.V.|ASML|top
FR0000121014|853292|AKTIE|EUR|562.00|LVMH Moët Hennessy Louis Vuitton SE|LVMH|plan
FR0000120271|850727|AKTIE|EUR|53.10|TotalEnergies SE|TotalEnergies|plan
DK0062498333|A3EU6F|AKTIE|DKK|395.00|Novo Nordisk A/S B|Novo Nordisk|top
GB00BP6MXD84|A3C99G|AKTIE|EUR|30.40|Shell plc|Shell|plan
IE00B4L5Y983|A0RPWH|ETF|USD|112.40|iShares Core MSCI World UCITS ETF USD (Acc)|iShares Core MSCI World|top em:ISH undname:MSCI_World
IE00B5BMR087|A0YEDG|ETF|USD|652.00|iShares Core S&P 500 UCITS ETF USD (Acc)|iShares Core S&P 500|top em:ISH und:US78378X1072
IE00BK5BQT80|A2PKXG|ETF|USD|142.30|Vanguard FTSE All-World UCITS ETF USD Accumulating|Vanguard FTSE All-World Acc|top em:VAN undname:FTSE_All-World
IE00B3RBWM25|A1JX52|ETF|USD|138.60|Vanguard FTSE All-World UCITS ETF USD Distributing|Vanguard FTSE All-World Dist|top em:VAN undname:FTSE_All-World
IE00BKM4GZ66|A111X9|ETF|USD|38.20|iShares Core MSCI EM IMI UCITS ETF USD (Acc)|iShares Core MSCI EM IMI|plan em:ISH undname:MSCI_Emerging_Markets_IMI
DE0005933931|593393|ETF|EUR|205.40|iShares Core DAX UCITS ETF (DE)|iShares Core DAX|plan em:ISH und:DE0008469008
IE00BJ0KDQ92|A1XB5U|ETF|USD|128.70|Xtrackers MSCI World UCITS ETF 1C|Xtrackers MSCI World|plan em:XTR undname:MSCI_World
IE00B53SZB19|A0YEDL|ETF|USD|1215.00|iShares NASDAQ 100 UCITS ETF USD (Acc)|iShares NASDAQ 100|plan em:ISH und:US6311011026
LU0274211480|DBX1DA|ETF|EUR|228.90|Xtrackers DAX UCITS ETF 1C|Xtrackers DAX|plan em:XTR und:DE0008469008
IE00B3YLTY66|A1JJTD|ETF|USD|246.80|SPDR MSCI ACWI IMI UCITS ETF|SPDR MSCI ACWI IMI|plan em:SPDR undname:MSCI_ACWI_IMI
IE00B6R52259|A1JMDF|ETF|USD|92.40|iShares MSCI ACWI UCITS ETF USD (Acc)|iShares MSCI ACWI|plan em:ISH undname:MSCI_ACWI
DE000A0S9GB0|A0S9GB|ROHSTOFF|EUR|112.80|Xetra-Gold|Xetra-Gold|plan em:DBC
IE00B4NCWG09|A1KWPQ|ROHSTOFF|USD|36.90|iShares Physical Silver ETC|iShares Physical Silver|plan em:ISH
LU0323578657|A0M430|FONDS|EUR|301.50|Flossbach von Storch - Multiple Opportunities R|FvS Multiple Opportunities R|plan em:FVS
LU0690375182|A1JSY1|FONDS|EUR|61.20|Fundsmith Equity Fund T EUR Acc|Fundsmith Equity T|plan em:FSM
DE0008469008|846900|INDEX|EUR|24150.00|DAX|DAX|
DE0008467416|846741|INDEX|EUR|30120.00|MDAX|MDAX|
DE0007203275|720327|INDEX|EUR|3780.00|TecDAX|TecDAX|
EU0009658145|965814|INDEX|EUR|5620.00|EURO STOXX 50|EURO STOXX 50|
US78378X1072|A0AET0|INDEX|USD|6720.00|S&P 500|S&P 500|
US6311011026|A0AE1X|INDEX|USD|24850.00|NASDAQ 100|NASDAQ 100|
EU0009652759|965275|WAEHRUNG|USD|1.1580|Euro / US-Dollar|EUR/USD|
XC0009655157|965515|ROHSTOFF|USD|4050.00|Gold (Spot)|Gold|
XC0009653103|965310|ROHSTOFF|USD|49.80|Silber (Spot)|Silber|
XF000BTC0017||KRYPTO|EUR|81250.00|Bitcoin|Bitcoin|
XF000ETH0019||KRYPTO|EUR|3420.00|Ethereum|Ethereum|
US57636Q1040|A0F602|AKTIE|USD|562.00|Mastercard Inc. A|Mastercard|plan
US9311421039|860853|AKTIE|USD|101.20|Walmart Inc.|Walmart|plan
US22160K1051|888351|AKTIE|USD|932.00|Costco Wholesale Corp.|Costco|plan
US11135F1012|A2JG9Z|AKTIE|USD|342.00|Broadcom Inc.|Broadcom|top
US5324571083|858560|AKTIE|USD|812.00|Eli Lilly and Co.|Eli Lilly|top
US8740391003|909800|AKTIE|USD|286.00|Taiwan Semiconductor Manufacturing Co. Ltd. ADR|TSMC ADR|top
US68389X1054|871460|AKTIE|USD|248.00|Oracle Corp.|Oracle|plan
US4370761029|866953|AKTIE|USD|382.00|The Home Depot Inc.|Home Depot|plan
US7134481081|851995|AKTIE|USD|146.30|PepsiCo Inc.|PepsiCo|plan
US17275R1023|878841|AKTIE|USD|68.90|Cisco Systems Inc.|Cisco|plan
US79466L3024|A0B87V|AKTIE|USD|242.00|Salesforce Inc.|Salesforce|plan
US00724F1012|871981|AKTIE|USD|338.00|Adobe Inc.|Adobe|plan
US4592001014|851399|AKTIE|USD|289.00|International Business Machines Corp.|IBM|plan
US7475251036|883121|AKTIE|USD|164.00|Qualcomm Inc.|Qualcomm|plan
US8825081040|852654|AKTIE|USD|181.00|Texas Instruments Inc.|Texas Instruments|plan
US58933Y1055|A0YD8Q|AKTIE|USD|84.20|Merck & Co. Inc.|Merck & Co.|plan
US00287Y1091|A1J84E|AKTIE|USD|228.00|AbbVie Inc.|AbbVie|plan
US91324P1021|869561|AKTIE|USD|331.00|UnitedHealth Group Inc.|UnitedHealth|plan
US1667641005|852552|AKTIE|USD|154.00|Chevron Corp.|Chevron|plan
US0605051046|858388|AKTIE|USD|51.80|Bank of America Corp.|Bank of America|plan
US38141G1040|920332|AKTIE|USD|782.00|The Goldman Sachs Group Inc.|Goldman Sachs|plan
US6174464486|885836|AKTIE|USD|158.00|Morgan Stanley|Morgan Stanley|plan
US1491231015|850598|AKTIE|USD|512.00|Caterpillar Inc.|Caterpillar|plan
US88579Y1010|851745|AKTIE|USD|154.00|3M Co.|3M|plan
US8552441094|884437|AKTIE|USD|86.40|Starbucks Corp.|Starbucks|plan
US90353T1007|A2PHHG|AKTIE|USD|94.30|Uber Technologies Inc.|Uber|top
US0090661010|A2QG35|AKTIE|USD|124.60|Airbnb Inc. A|Airbnb|plan
LU1778762911|A2JEGN|AKTIE|USD|662.00|Spotify Technology S.A.|Spotify|plan
CA82509L1076|A14TJP|AKTIE|USD|152.00|Shopify Inc. A|Shopify|plan
US00206R1023|A0HL9Z|AKTIE|USD|27.10|AT&T Inc.|AT&T|plan
US92343V1044|868402|AKTIE|USD|40.60|Verizon Communications Inc.|Verizon|plan
US3453708600|502391|AKTIE|USD|11.90|Ford Motor Co.|Ford|plan
US37045V1008|A1C9CM|AKTIE|USD|68.70|General Motors Co.|General Motors|plan
US5951121038|869020|AKTIE|USD|212.00|Micron Technology Inc.|Micron|plan
US19260Q1076|A2QP7J|AKTIE|USD|318.00|Coinbase Global Inc. A|Coinbase|top
US01609W1027|A117ME|AKTIE|USD|158.00|Alibaba Group Holding Ltd. ADR|Alibaba ADR|plan
US7561091049|899744|AKTIE|USD|57.40|Realty Income Corp.|Realty Income|plan
US09857L1089|A2JEXP|AKTIE|USD|5120.00|Booking Holdings Inc.|Booking|
US5398301094|894648|AKTIE|USD|468.00|Lockheed Martin Corp.|Lockheed Martin|plan
US4385161066|870153|AKTIE|USD|205.00|Honeywell International Inc.|Honeywell|plan
US0311621009|867900|AKTIE|USD|298.00|Amgen Inc.|Amgen|plan
US0028241000|850103|AKTIE|USD|128.00|Abbott Laboratories|Abbott|plan
US9497461015|857949|AKTIE|USD|82.30|Wells Fargo & Co.|Wells Fargo|plan
US1729674242|A1H92V|AKTIE|USD|98.60|Citigroup Inc.|Citigroup|plan
US60770K1079|A2N9D9|AKTIE|USD|27.40|Moderna Inc.|Moderna|plan
US09075V1026|A2PSR2|AKTIE|USD|104.00|BioNTech SE ADR|BioNTech ADR|plan
US76954A1034|A3C47B|AKTIE|USD|13.20|Rivian Automotive Inc. A|Rivian|
US72919P2020|A1JA81|AKTIE|USD|2.35|Plug Power Inc.|Plug Power|
US7181721090|A0NDBJ|AKTIE|USD|158.00|Philip Morris International Inc.|Philip Morris|plan
US02209S1033|200417|AKTIE|USD|58.90|Altria Group Inc.|Altria|plan
GB0009895292|886455|AKTIE|GBP|112.40|AstraZeneca plc|AstraZeneca|plan
GB0005405286|923893|AKTIE|GBP|9.42|HSBC Holdings plc|HSBC|plan
GB0007980591|850517|AKTIE|GBP|4.31|BP plc|BP|plan
GB0007188757|852147|AKTIE|GBP|46.80|Rio Tinto plc|Rio Tinto|plan
GB00BH4HKS39|A1XA83|AKTIE|GBP|0.86|Vodafone Group plc|Vodafone|plan
GB00B10RZP78|A0JNE2|AKTIE|GBP|45.20|Unilever plc|Unilever|plan
FR0000120578|920657|AKTIE|EUR|86.30|Sanofi S.A.|Sanofi|plan
FR0000120321|853888|AKTIE|EUR|372.00|L'Oréal S.A.|L'Oréal|plan
FR0000131104|887771|AKTIE|EUR|70.80|BNP Paribas S.A.|BNP Paribas|plan
FR0000120628|855705|AKTIE|EUR|38.90|AXA S.A.|AXA|plan
FR0000120644|851194|AKTIE|EUR|74.60|Danone S.A.|Danone|plan
FR0000052292|886670|AKTIE|EUR|2140.00|Hermès International S.C.A.|Hermès|
FR0000121485|851223|AKTIE|EUR|286.00|Kering S.A.|Kering|plan
FR0000121972|860180|AKTIE|EUR|228.00|Schneider Electric SE|Schneider Electric|plan
FR0000073272|924781|AKTIE|EUR|298.00|Safran S.A.|Safran|plan
FR0000120073|850133|AKTIE|EUR|148.50|L'Air Liquide S.A.|Air Liquide|plan
FR0000125486|867475|AKTIE|EUR|118.20|Vinci S.A.|Vinci|plan
NL00150001Q9|A2QL01|AKTIE|EUR|9.80|Stellantis N.V.|Stellantis|plan
NL0011585146|A2ACKK|AKTIE|EUR|372.00|Ferrari N.V.|Ferrari|plan
NL0000009538|940602|AKTIE|EUR|23.40|Koninklijke Philips N.V.|Philips|plan
NL0011821202|A2ANV3|AKTIE|EUR|19.60|ING Groep N.V.|ING|plan
NL0012969182|A2JNF4|AKTIE|EUR|1420.00|Adyen N.V.|Adyen|
NL0013654783|A2PRDK|AKTIE|EUR|58.40|Prosus N.V.|Prosus|plan
NL0000009165|A0CA0G|AKTIE|EUR|68.90|Heineken N.V.|Heineken|plan
BE0974293251|A2ASUV|AKTIE|EUR|52.30|Anheuser-Busch InBev S.A./N.V.|AB InBev|plan
ES0144580Y14|A0M46B|AKTIE|EUR|16.20|Iberdrola S.A.|Iberdrola|plan
ES0113900J37|858872|AKTIE|EUR|8.12|Banco Santander S.A.|Santander|plan
ES0148396007|A11873|AKTIE|EUR|46.80|Industria de Diseño Textil S.A. (Inditex)|Inditex|plan
IT0003128367|928624|AKTIE|EUR|7.86|Enel S.p.A.|Enel|plan
IT0005239360|A2DJV6|AKTIE|EUR|64.20|UniCredit S.p.A.|UniCredit|plan
IT0003132476|897791|AKTIE|EUR|14.60|Eni S.p.A.|Eni|plan
FI0009000681|870737|AKTIE|EUR|5.42|Nokia Oyj|Nokia|top
NO0010096985|675213|AKTIE|NOK|238.00|Equinor ASA|Equinor|plan
SE0000108656|850000|AKTIE|SEK|82.40|Telefonaktiebolaget LM Ericsson B|Ericsson B|plan
SE0000115446|855689|AKTIE|SEK|268.00|Volvo AB B|Volvo B|plan
CH0244767585|A12DFH|AKTIE|CHF|30.20|UBS Group AG|UBS|plan
CH0011075394|579919|AKTIE|CHF|568.00|Zurich Insurance Group AG|Zurich Insurance|plan
CH0012221716|919730|AKTIE|CHF|54.80|ABB Ltd.|ABB|plan
CH0210483332|A1W5CV|AKTIE|CHF|162.00|Compagnie Financière Richemont S.A.|Richemont|plan
CH0012214059|869898|AKTIE|CHF|62.40|Holcim AG|Holcim|plan
CH0418792922|A2JNV8|AKTIE|CHF|186.00|Sika AG|Sika|plan
CH0013841017|928619|AKTIE|CHF|548.00|Lonza Group AG|Lonza|plan
AT0000743059|874341|AKTIE|EUR|45.60|OMV AG|OMV|plan
AT0000652011|909943|AKTIE|EUR|82.40|Erste Group Bank AG|Erste Group|plan
AT0000937503|897200|AKTIE|EUR|28.30|voestalpine AG|voestalpine|plan
AT0000746409|877738|AKTIE|EUR|66.80|Verbund AG|Verbund|plan
AT0000606306|A0D9SU|AKTIE|EUR|27.40|Raiffeisen Bank International AG|RBI|plan
JP3633400001|853510|AKTIE|JPY|2850.00|Toyota Motor Corp.|Toyota|plan
JP3435000009|853687|AKTIE|JPY|3920.00|Sony Group Corp.|Sony|plan
JP3756600007|864009|AKTIE|JPY|12800.00|Nintendo Co. Ltd.|Nintendo|plan
CNE100000296|A0M4W9|AKTIE|HKD|104.00|BYD Co. Ltd. H|BYD|top
KYG875721634|A1138D|AKTIE|HKD|612.00|Tencent Holdings Ltd.|Tencent|plan
DE000A12DM80|A12DM8|AKTIE|EUR|98.40|Scout24 SE|Scout24|plan
DE0006602006|660200|AKTIE|EUR|61.80|GEA Group AG|GEA|plan
DE000A1PHFF7|A1PHFF|AKTIE|EUR|39.60|Hugo Boss AG|Hugo Boss|plan
DE0008232125|823212|AKTIE|EUR|8.42|Deutsche Lufthansa AG|Lufthansa|top
DE0006969603|696960|AKTIE|EUR|21.30|Puma SE|Puma|plan
DE000A161408|A16140|AKTIE|EUR|8.90|HelloFresh SE|HelloFresh|plan
DE000TUAG505|TUAG50|AKTIE|EUR|7.86|TUI AG|TUI|plan
DE000A2E4K43|A2E4K4|AKTIE|EUR|24.60|Delivery Hero SE|Delivery Hero|plan
DE000EVNK013|EVNK01|AKTIE|EUR|14.80|Evonik Industries AG|Evonik|plan
DE000LEG1110|LEG111|AKTIE|EUR|68.50|LEG Immobilien SE|LEG Immobilien|plan
DE0005773303|577330|AKTIE|EUR|74.20|Fraport AG|Fraport|plan
DE000HAG0005|HAG000|AKTIE|EUR|86.40|Hensoldt AG|Hensoldt|top
DE000RENK730|RENK73|AKTIE|EUR|68.90|Renk Group AG|Renk|top
DE0006452907|645290|AKTIE|EUR|108.20|Nemetschek SE|Nemetschek|plan
DE0005470306|547030|AKTIE|EUR|88.40|CTS Eventim AG & Co. KGaA|CTS Eventim|plan
DE0006766504|676650|AKTIE|EUR|102.60|Aurubis AG|Aurubis|plan
DE000KBX1006|KBX100|AKTIE|EUR|92.80|Knorr-Bremse AG|Knorr-Bremse|plan
DE000TLX1005|TLX100|AKTIE|EUR|108.40|Talanx AG|Talanx|plan
DE0007500001|750000|AKTIE|EUR|11.60|thyssenkrupp AG|thyssenkrupp|top
DE000A0HN5C6|A0HN5C|AKTIE|EUR|22.80|Deutsche Wohnen SE|Dt. Wohnen|
DE0005313704|531370|AKTIE|EUR|48.20|Carl Zeiss Meditec AG|Carl Zeiss Meditec|plan
DE000KGX8881|KGX888|AKTIE|EUR|58.90|KION Group AG|KION|plan
DE0005470405|547040|AKTIE|EUR|24.10|Lanxess AG|Lanxess|plan
DE0007010803|701080|AKTIE|EUR|712.00|Rational AG|Rational|
DE0007231326|723132|AKTIE|EUR|82.60|Sixt SE|Sixt|plan
DE000PSM7770|PSM777|AKTIE|EUR|6.42|ProSiebenSat.1 Media SE|ProSiebenSat.1|plan
DE0007493991|749399|AKTIE|EUR|48.30|Ströer SE & Co. KGaA|Ströer|plan
DE0005158703|515870|AKTIE|EUR|38.70|Bechtle AG|Bechtle|plan
DE000A0Z2ZZ5|A0Z2ZZ|AKTIE|EUR|28.40|freenet AG|freenet|plan
DE0005089031|508903|AKTIE|EUR|27.60|United Internet AG|United Internet|plan
DE0005545503|554550|AKTIE|EUR|15.20|1&1 AG|1&1|
DE000TRAT0N7|TRAT0N|AKTIE|EUR|29.40|Traton SE|Traton|plan
DE000WAF3001|WAF300|AKTIE|EUR|44.10|Siltronic AG|Siltronic|plan
DE000WCH8881|WCH888|AKTIE|EUR|68.20|Wacker Chemie AG|Wacker Chemie|plan
DE000KSAG888|KSAG88|AKTIE|EUR|12.40|K+S AG|K+S|plan
DE0006202005|620200|AKTIE|EUR|24.60|Salzgitter AG|Salzgitter|plan
DE0006062144|606214|AKTIE|EUR|60.20|Covestro AG|Covestro|plan
DE0006070006|607000|AKTIE|EUR|238.00|Hochtief AG|Hochtief|plan
DE000A2NB601|A2NB60|AKTIE|EUR|21.60|Jenoptik AG|Jenoptik|plan
DE0005664809|566480|AKTIE|EUR|7.18|Evotec SE|Evotec|plan
DE000A0DJ6J9|A0DJ6J|AKTIE|EUR|28.60|SMA Solar Technology AG|SMA Solar|plan
DE000A0D6554|A0D655|AKTIE|EUR|19.80|Nordex SE|Nordex|top
DE000A2YN900|A2YN90|AKTIE|EUR|8.64|TeamViewer SE|TeamViewer|plan
DE000A0WMPJ6|A0WMPJ|AKTIE|EUR|14.20|Aixtron SE|Aixtron|plan
DE000A2LQ884|A2LQ88|AKTIE|EUR|24.30|Auto1 Group SE|Auto1|plan
DE0008019001|801900|AKTIE|EUR|6.12|Deutsche Pfandbriefbank AG|pbb|
DE000A0LD6E6|A0LD6E|AKTIE|EUR|62.40|Gerresheimer AG|Gerresheimer|plan
DE0005772206|577220|AKTIE|EUR|44.60|Fielmann Group AG|Fielmann|plan
DE0006335003|633500|AKTIE|EUR|142.00|Krones AG|Krones|plan
DE0005565204|556520|AKTIE|EUR|21.80|Dürr AG|Dürr|plan
DE0005909006|590900|AKTIE|EUR|88.20|Bilfinger SE|Bilfinger|plan
DE0007314007|731400|AKTIE|EUR|1.42|Heidelberger Druckmaschinen AG|Heidelberger Druck|
DE0005190037|519003|AKTIE|EUR|79.80|Bayerische Motoren Werke AG Vz.|BMW Vz.|plan
DE0007664005|766400|AKTIE|EUR|98.20|Volkswagen AG St.|VW St.|plan
DE0006048408|604840|AKTIE|EUR|63.40|Henkel AG & Co. KGaA St.|Henkel St.|plan
DE0005933956|593395|ETF|EUR|56.40|iShares Core EURO STOXX 50 UCITS ETF (DE)|iShares Core EURO STOXX 50|plan em:ISH und:EU0009658145
IE00B4K48X80|A0RPWG|ETF|EUR|88.60|iShares Core MSCI Europe UCITS ETF EUR (Acc)|iShares Core MSCI Europe|plan em:ISH undname:MSCI_Europe
IE00BYX2JD69|A2DVB9|ETF|USD|14.20|iShares MSCI World SRI UCITS ETF EUR (Acc)|iShares MSCI World SRI|plan em:ISH undname:MSCI_World_SRI
IE00BYZK4552|A2ANH0|ETF|USD|15.80|iShares Automation & Robotics UCITS ETF|iShares Automation & Robotics|plan em:ISH undname:iSTOXX_FactSet_Automation_&_Robotics
IE00B1XNHC34|A0MW0M|ETF|USD|8.30|iShares Global Clean Energy UCITS ETF|iShares Global Clean Energy|plan em:ISH undname:S&P_Global_Clean_Energy
IE00B3XXRP09|A1JX53|ETF|USD|118.40|Vanguard S&P 500 UCITS ETF|Vanguard S&P 500|top em:VAN und:US78378X1072
IE0032077012|801498|ETF|USD|548.00|Invesco EQQQ NASDAQ-100 UCITS ETF|Invesco EQQQ NASDAQ-100|plan em:INV und:US6311011026
IE00BTJRMP35|A12GVR|ETF|USD|58.20|Xtrackers MSCI Emerging Markets UCITS ETF 1C|Xtrackers MSCI Emerging Markets|plan em:XTR undname:MSCI_Emerging_Markets
DE0002635307|263530|ETF|EUR|54.80|iShares STOXX Europe 600 UCITS ETF (DE)|iShares STOXX Europe 600|plan em:ISH undname:STOXX_Europe_600
DE0005933923|593392|ETF|EUR|272.00|iShares MDAX UCITS ETF (DE)|iShares MDAX|plan em:ISH und:DE0008467416
DE0005933972|593397|ETF|EUR|38.40|iShares TecDAX UCITS ETF (DE)|iShares TecDAX|plan em:ISH und:DE0007203275
IE00BF4RFH31|A2DWBY|ETF|USD|7.20|iShares MSCI World Small Cap UCITS ETF USD (Acc)|iShares MSCI World Small Cap|plan em:ISH undname:MSCI_World_Small_Cap
IE00B6YX5D40|A1JKS0|ETF|USD|72.60|SPDR S&P US Dividend Aristocrats UCITS ETF|SPDR S&P US Dividend Aristocrats|plan em:SPDR undname:S&P_High_Yield_Dividend_Aristocrats
DE000A0F5UH1|A0F5UH|ETF|EUR|31.20|iShares STOXX Global Select Dividend 100 UCITS ETF (DE)|iShares STOXX Global Select Dividend 100|plan em:ISH undname:STOXX_Global_Select_Dividend_100
IE00B8GKDB10|A1T8FV|ETF|USD|70.40|Vanguard FTSE All-World High Dividend Yield UCITS ETF|Vanguard FTSE All-World High Dividend Yield|plan em:VAN undname:FTSE_All-World_High_Dividend_Yield
IE00BGV5VN51|A2N6LC|ETF|USD|142.00|Xtrackers Artificial Intelligence & Big Data UCITS ETF 1C|Xtrackers Artificial Intelligence & Big Data|plan em:XTR undname:Nasdaq_Global_Artificial_Intelligence_and_Big_Data
DE000EWG2LD7|EWG2LD|ROHSTOFF|EUR|112.40|Euwax Gold II|Euwax Gold II|plan em:BSG
DE0009848119|984811|FONDS|EUR|142.80|DWS Top Dividende LD|DWS Top Dividende|plan em:DWS
DE0008490962|849096|FONDS|EUR|318.00|DWS Deutschland|DWS Deutschland|plan em:DWS
LU0114760746|941034|FONDS|EUR|28.60|Templeton Growth (Euro) Fund A (acc) EUR|Templeton Growth (Euro)|plan em:FTI
DE0008491051|849105|FONDS|EUR|392.00|UniGlobal|UniGlobal|plan em:UNI
FR0010135103|A0DPW0|FONDS|EUR|712.00|Carmignac Patrimoine A EUR Acc|Carmignac Patrimoine A|plan em:CAR
DE0008476524|847652|FONDS|EUR|268.00|DWS Vermögensbildungsfonds I LD|DWS Vermögensbildungsfonds I|plan em:DWS
DE0008474503|847450|FONDS|EUR|168.00|DekaFonds CF|DekaFonds CF|plan em:DEK
LU0360863863|DWS0R4|FONDS|EUR|162.00|ARERO - Der Weltfonds|ARERO Weltfonds|plan em:DWS
US2605661048|969420|INDEX|USD|46200.00|Dow Jones Industrial Average|Dow Jones|
DE0009653386|965338|INDEX|EUR|16850.00|SDAX|SDAX|
JP9010C00002|A1RRF6|INDEX|JPY|48900.00|Nikkei 225|Nikkei 225|
AT0000999982|969191|INDEX|EUR|4720.00|ATX|ATX|
CH0009980894|998089|INDEX|CHF|12480.00|SMI|SMI|
FR0003500008|969400|INDEX|EUR|8120.00|CAC 40|CAC 40|
GB0001383545|969378|INDEX|GBP|9420.00|FTSE 100|FTSE 100|
XC0009694271|969427|INDEX|USD|22800.00|NASDAQ Composite|NASDAQ Composite|
XF000XRP0018||KRYPTO|EUR|2.18|XRP|XRP|
XF000LTC0031||KRYPTO|EUR|86.40|Litecoin|Litecoin|
XF000SOL0012||KRYPTO|EUR|162.00|Solana|Solana|
XF000ADA0018||KRYPTO|EUR|0.62|Cardano|Cardano|
XF000DOG0016||KRYPTO|EUR|0.19|Dogecoin|Dogecoin|
XF000DOT0011||KRYPTO|EUR|3.42|Polkadot|Polkadot|
`;

/**
 * The seven reference ISINs of spec §9 (REFERENCE_ISINS in the domain, decision 024): earlier or
 * temporary lines converted one for one into a line above. They are in the catalogue, so a holding
 * or an order under the old ISIN finds its instrument, but they have no market of their own: they
 * are quoted through their quote ISIN, so currency and price level are the quote line's. Last in
 * popularity; no savings plan. A WKN only where it is certain.
 */
const REFERENCE_LINE_ROWS = `
US38259P5089|A0B7FY|AKTIE|USD|245.30|Google Inc. A (jetzt Alphabet A)|Google A|noplan
US38259P7069||AKTIE|USD|246.10|Google Inc. C (jetzt Alphabet C)|Google C|noplan
GB00B03MLX29|A0D94M|AKTIE|EUR|30.40|Royal Dutch Shell plc A (jetzt Shell plc)|Royal Dutch Shell A|noplan
GB00B03MM408||AKTIE|EUR|30.40|Royal Dutch Shell plc B (jetzt Shell plc)|Royal Dutch Shell B|noplan
NL0000388619||AKTIE|GBP|45.20|Unilever N.V. (jetzt Unilever plc)|Unilever N.V.|noplan
DE0005752000|575200|AKTIE|EUR|27.90|Bayer AG Inhaberaktien (jetzt Namensaktien)|Bayer Inhaber|noplan
DE000BAY0173|BAY017|AKTIE|EUR|27.90|Bayer AG junge Aktien (Pflichtwandelanleihe 2016/2019)|Bayer junge Aktien|noplan
`;

export type ReferenceInstrument = {
  isin: string;
  wkn: string | null;
  instrumentType: InstrumentType;
  currency: string;
  /** Price level in the quote currency, decimal string. */
  price: string;
  name: string;
  shortName: string;
  tags: readonly string[];
  /** 0 = most popular. */
  popularity: number;
};

export const REFERENCE_INSTRUMENTS: readonly ReferenceInstrument[] = `${ROWS.trim()}\n${REFERENCE_LINE_ROWS.trim()}`
  .split('\n')
  .map((line, popularity) => {
    const [isin = '', wkn = '', type = '', currency = '', price = '', name = '', shortName = '', tags = ''] = line.split('|');
    return {
      isin,
      wkn: wkn || null,
      instrumentType: type as InstrumentType,
      currency,
      price,
      name,
      shortName,
      tags: tags.split(' ').filter(Boolean),
      popularity,
    };
  });

/** A tag's value (`em:ISH` → 'ISH'), or undefined. */
export function tagValue(ref: ReferenceInstrument, key: string): string | undefined {
  const tag = ref.tags.find((t) => t.startsWith(`${key}:`));
  return tag?.slice(key.length + 1).replaceAll('_', ' ');
}
