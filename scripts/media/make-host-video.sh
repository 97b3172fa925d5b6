#!/usr/bin/env bash
# Makes the demo host's studio loop entirely from ffmpeg filters (no external images):
#   apps/web/public/media/host-loop.webm  (VP9 + Opus)
#   apps/web/public/media/host-loop.mp4   (H.264 main + AAC, +faststart)
#   apps/web/public/media/host-loop.jpg   (poster frame)
# Every moving part (spotlights, marquee bulbs, title glow, sparkles, ticker, music) has a period
# that divides the loop length, so the loop is seamless.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${OUT:-$ROOT/apps/web/public/media}"
mkdir -p "$OUT"

W=640 H=360 FPS=24 D=8 # D: loop length in seconds (every period below divides it)

FONT_DIR=/usr/share/fonts/truetype/dejavu
if [ ! -f "$FONT_DIR/DejaVuSans-Bold.ttf" ]; then
  echo "fonts-dejavu-core is missing: installing it" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get install -y fonts-dejavu-core || { $SUDO apt-get update && $SUDO apt-get install -y fonts-dejavu-core; }
fi
BOLD="$FONT_DIR/DejaVuSans-Bold.ttf"
SANS="$FONT_DIR/DejaVuSans.ttf"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# ---------------------------------------------------------------- picture
# Backdrop (computed once, then repeated): curtain-pleated purple wall with a pink glow behind
# the sign, a gold stage edge, and a stage disc with a cyan rim on a dark glossy floor.
HZ=245 # horizon (wall/floor) line
wall_glow="exp(-(pow((X-320)/180,2)+pow((Y-125)/110,2)))"
pleat="(0.8+0.2*pow(cos(PI*X/22),2))"
floor_e="(pow((X-320)/270,2)+pow((Y-298)/36,2))"
rim="exp(-pow((sqrt($floor_e)-1)/0.07,2))"
inside="lt($floor_e,1)"
edge="exp(-pow((Y-$HZ)/2.5,2))"
wall="lt(Y,$HZ)"
bg_r="min(255,if($wall,(28+120*Y/$HZ)*$pleat+215*$wall_glow,22+$inside*(80-0.2*(Y-262))+70*$rim+90*exp(-pow((X-320)/160,2))*exp(-(Y-$HZ)/25))+255*$edge)"
bg_g="min(255,if($wall,(8+14*Y/$HZ)*$pleat+60*$wall_glow,8+$inside*22+225*$rim+20*exp(-pow((X-320)/160,2))*exp(-(Y-$HZ)/25))+190*$edge)"
bg_b="min(255,if($wall,(70+70*Y/$HZ)*$pleat+150*$wall_glow,40+$inside*120+255*$rim+80*exp(-pow((X-320)/160,2))*exp(-(Y-$HZ)/25))+60*$edge)"

# One soft light cone (white, alpha = intensity), apex at the centre of a 440x440 canvas at half
# scale; split, tinted and swung by `rotate` to make four moving spotlights.
cone="if(gt(Y,220),min(1,1.3*exp(-pow(atan((X-220)/(Y-220))/0.13,2))*pow(max(0,1-hypot(X-220,Y-220)/220),0.6)*(0.75+0.25*exp(-(Y-220)/60))),0)"

# Marquee bulbs around the 460x140 sign: a chase of every third bulb, three steps a second.
SW=460 SH=140 SX=90 SY=30
bulbs="st(0,clip(10+20*round((X-10)/20),10,450));st(1,clip(10+20*round((Y-10)/20),10,130));\
st(2,hypot(X-ld(0),Y-10));st(3,hypot(X-ld(0),Y-130));st(4,hypot(X-10,Y-ld(1)));st(5,hypot(X-450,Y-ld(1)));\
st(6,min(min(ld(2),ld(3)),min(ld(4),ld(5))));\
st(7,if(eq(ld(6),ld(2)),(ld(0)-10)/20,if(eq(ld(6),ld(5)),22+(ld(1)-10)/20,if(eq(ld(6),ld(3)),50-(ld(0)-10)/20,78-(ld(1)-10)/20))));\
st(8,if(eq(mod(ld(7)+99-floor(T*3+0.001),3),0),1,0.3));\
st(9,ld(8)*max(clip(5.5-ld(6),0,1),0.85*exp(-pow(ld(6)/7,2))))"
bulb_r="$bulbs;255"
bulb_g="$bulbs;150+85*(ld(8)-0.3)/0.7+20*clip(4-ld(6),0,1)"
bulb_b="$bulbs;40+130*(ld(8)-0.3)/0.7+60*clip(4-ld(6),0,1)"
bulb_a="$bulbs;255*ld(9)"

# Sparkles on the back wall: x:y:size:phase (each twinkles with a 2 s period).
sparkles=""
for s in 40:40:18:0.0 585:52:16:0.5 30:170:14:0.25 600:185:20:0.75 150:200:12:0.4 480:205:12:0.9 \
  70:110:10:0.6 560:120:12:0.15 250:8:10:0.35 400:12:10:0.8; do
  IFS=: read -r x y size phase <<<"$s"
  sparkles+=",drawtext=fontfile=$SANS:text='✦':fontsize=$size:fontcolor=0xFFF4C0:x=$x:y=$y:alpha='max(0,sin(2*PI*(t/2+$phase)))'"
done

# The ticker: one copy of the text is ~740 px wide; two copies PERIOD px apart scroll by PERIOD
# every loop, so the last frame runs on into the first.
TICKER="★  90-BALL BINGO   ★  SHARE OR STEAL?   ★  LIVE EVERY NIGHT   ★  EYES DOWN!"
PERIOD=770

swing() { echo "rotate=a='$1':c=none"; }

FILTER="
nullsrc=s=${W}x${H}:r=$FPS,trim=end_frame=1,format=gbrp,geq=r='$bg_r':g='$bg_g':b='$bg_b',loop=loop=-1:size=1:start=0,setpts=N/($FPS*TB)[bg];
nullsrc=s=440x440:r=$FPS,trim=end_frame=1,format=rgba,geq=r=255:g=255:b=255:a='255*$cone',loop=loop=-1:size=1:start=0,setpts=N/($FPS*TB),split=4[c1][c2][c3][c4];
[c1]colorchannelmixer=rr=1:gg=0.35:bb=0.85,$(swing "0.55*sin(2*PI*t/8)+0.25")[b1];
[c2]colorchannelmixer=rr=0.35:gg=0.9:bb=1,$(swing "-0.55*sin(2*PI*t/8)-0.25")[b2];
[c3]colorchannelmixer=rr=1:gg=0.85:bb=0.4,$(swing "0.4*sin(2*PI*t/4)")[b3];
[c4]colorchannelmixer=rr=1:gg=1:bb=1:aa=0.7,$(swing "0.35*cos(2*PI*t/8)")[b4];
color=c=black:s=320x180:r=$FPS,format=rgba[k0];
[k0][b1]overlay=x=30-220:y=-8-220:format=rgb[k1];
[k1][b2]overlay=x=290-220:y=-8-220:format=rgb[k2];
[k2][b3]overlay=x=110-220:y=-12-220:format=rgb[k3];
[k3][b4]overlay=x=210-220:y=-12-220:format=rgb,scale=$W:$H,format=gbrp[beams];
[bg][beams]blend=all_mode=screen[lit];
nullsrc=s=${SW}x${SH}:r=$FPS,format=rgba,geq=r='$bulb_r':g='$bulb_g':b='$bulb_b':a='$bulb_a'[bulbs];
[lit]format=rgb24,drawbox=x=$SX:y=$SY:w=$SW:h=$SH:color=0x1A0640@0.88:t=fill,drawbox=x=$((SX + 3)):y=$((SY + 3)):w=$((SW - 6)):h=$((SH - 6)):color=0xFFC830:t=2[sign];
[sign][bulbs]overlay=x=$SX:y=$SY:format=rgb,format=gbrp[lit2];
color=c=black:s=${W}x${H}:r=$FPS,format=rgb24,drawtext=fontfile=$BOLD:text='RUTHLESS':fontsize=62:fontcolor=0xFF2FA8:borderw=6:bordercolor=0xFF2FA8:x=(w-text_w)/2:y=$((SY + 22)):alpha='0.75+0.25*sin(2*PI*t/2)',drawtext=fontfile=$BOLD:text='LIVE':fontsize=30:fontcolor=0xFF3030:borderw=8:bordercolor=0xFF3030:x=(w-text_w)/2:y=$((SY + 96)):alpha='0.6+0.4*sin(2*PI*t/2)',format=gbrp,gblur=sigma=9,colorlevels=rimax=0.55:gimax=0.55:bimax=0.55[glow];
[lit2][glow]blend=all_mode=screen,format=rgb24,
drawtext=fontfile=$BOLD:text='RUTHLESS':fontsize=62:fontcolor=0xFFF8E0:borderw=2:bordercolor=0xFFB000:shadowcolor=0x5A0030:shadowx=3:shadowy=3:x=(w-text_w)/2:y=$((SY + 22)),
drawbox=x=$((W / 2 - 60)):y=$((SY + 94)):w=120:h=36:color=0xE01030:t=fill,
drawtext=fontfile=$BOLD:text='LIVE':fontsize=28:fontcolor=white:x=(w-text_w)/2+11:y=$((SY + 98)),
drawtext=fontfile=$SANS:text='●':fontsize=18:fontcolor=white:x=$((W / 2 - 52)):y=$((SY + 102)):alpha='if(lt(mod(t,1),0.5),1,0.25)'
$sparkles,
drawbox=x=$((W / 2 - 62)):y=252:w=124:h=60:color=0x2A0A5A:t=fill,
drawbox=x=$((W / 2 - 62)):y=252:w=124:h=60:color=0x00DCFF:t=2,
drawbox=x=$((W / 2 - 72)):y=244:w=144:h=10:color=0xFFC830:t=fill,
drawtext=fontfile=$SANS:text='●':fontsize=64:fontcolor=0xFFF8E0:x=(w-text_w)/2:y=246,
drawtext=fontfile=$BOLD:text='90':fontsize=20:fontcolor=0xC8102E:x=(w-text_w)/2:y=272,
drawbox=x=0:y=$((H - 30)):w=$W:h=30:color=0xC8102E:t=fill,
drawbox=x=0:y=$((H - 30)):w=$W:h=2:color=0xFFC830:t=fill,
drawtext=fontfile=$BOLD:text='$TICKER':fontsize=16:fontcolor=0xFFF4C0:y=$((H - 22)):x='-mod(t,$D)/$D*$PERIOD',
drawtext=fontfile=$BOLD:text='$TICKER':fontsize=16:fontcolor=0xFFF4C0:y=$((H - 22)):x='$PERIOD-mod(t,$D)/$D*$PERIOD',
drawbox=x=14:y=14:w=74:h=22:color=0x000000@0.5:t=fill,
drawtext=fontfile=$BOLD:text='● ON AIR':fontsize=13:fontcolor=0xFF4050:x=20:y=18:alpha='0.7+0.3*sin(2*PI*t)',
format=yuv420p[v]
"

# ---------------------------------------------------------------- sound
# A soft, looping 120 bpm music bed: a I-vi-IV-V pad (one chord per 2 s), an eighth-note
# arpeggio, a plucked bass on the beat and a light off-beat hat. Every envelope closes at its
# boundary, so nothing clicks, and the whole thing repeats every 8 s.
AUDIO="\
st(0,mod(t,8));st(1,floor(ld(0)/2));\
st(2,if(eq(ld(1),0),261.63,if(eq(ld(1),1),220,if(eq(ld(1),2),174.61,196))));\
st(3,if(eq(ld(1),0),329.63,if(eq(ld(1),1),261.63,if(eq(ld(1),2),220,246.94))));\
st(4,if(eq(ld(1),0),392,if(eq(ld(1),1),329.63,if(eq(ld(1),2),261.63,293.66))));\
st(6,mod(ld(0),2));\
st(5,0.30*min(1,ld(6)/0.5)*min(1,(2-ld(6))/0.35)*(sin(2*PI*ld(2)*t)+sin(2*PI*ld(2)*1.004*t)+sin(2*PI*ld(3)*t)+sin(2*PI*ld(4)*t)+sin(2*PI*ld(4)*0.997*t)+0.8*sin(PI*ld(2)*t))/5.8);\
st(6,mod(ld(0),0.25));st(7,mod(floor(ld(0)/0.25),4));\
st(7,2*if(eq(ld(7),0),ld(2),if(eq(ld(7),1),ld(3),if(eq(ld(7),2),ld(4),ld(3)))));\
st(5,ld(5)+0.13*(sin(2*PI*ld(7)*t)+0.3*sin(4*PI*ld(7)*t))*exp(-12*ld(6))*(1-ld(6)/0.25)*min(1,ld(6)/0.004));\
st(6,mod(ld(0),0.5));\
st(5,ld(5)+0.22*sin(PI*ld(2)/2*t)*exp(-5*ld(6))*(1-ld(6)/0.5)*min(1,ld(6)/0.004));\
st(6,mod(ld(0)+0.25,0.5));\
st(5,ld(5)+0.035*(random(8)*2-1)*exp(-70*ld(6))*(1-ld(6)/0.5));\
ld(5)"

echo "rendering the studio loop (${D}s, ${W}x${H} @ ${FPS} fps)…" >&2
ffmpeg -hide_banner -loglevel error -y \
  -filter_complex "$FILTER" -map '[v]' -t "$D" -c:v libx264 -preset ultrafast -qp 0 "$TMP/master.mkv"
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "aevalsrc=exprs='$AUDIO':s=48000:d=$D" -af "highpass=f=60,lowpass=f=9000" -ac 1 "$TMP/bed.wav"

echo "encoding host-loop.webm (VP9/Opus)…" >&2
ffmpeg -hide_banner -loglevel error -y -i "$TMP/master.mkv" -i "$TMP/bed.wav" \
  -map 0:v -map 1:a -c:v libvpx-vp9 -b:v 420k -minrate 200k -maxrate 600k -deadline good -cpu-used 4 \
  -row-mt 1 -g $((FPS * D)) -pix_fmt yuv420p -c:a libopus -b:a 40k -ac 1 -shortest \
  "$OUT/host-loop.webm"

echo "encoding host-loop.mp4 (H.264/AAC)…" >&2
ffmpeg -hide_banner -loglevel error -y -i "$TMP/master.mkv" -i "$TMP/bed.wav" \
  -map 0:v -map 1:a -c:v libx264 -profile:v main -preset medium -crf 27 -maxrate 550k -bufsize 1100k \
  -g $((FPS * 2)) -pix_fmt yuv420p -c:a aac -b:a 56k -ac 1 -movflags +faststart -shortest \
  "$OUT/host-loop.mp4"

echo "writing host-loop.jpg (poster)…" >&2
ffmpeg -hide_banner -loglevel error -y -ss 1.5 -i "$TMP/master.mkv" -frames:v 1 -q:v 6 "$OUT/host-loop.jpg"

ls -l "$OUT"/host-loop.* >&2
